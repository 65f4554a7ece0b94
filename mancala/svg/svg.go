package svg

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/sowing-games/sowing/mancala"
)

// Options change the drawing. The zero Options (or a nil *Options) draw
// seeds in holes of up to DefaultSeeds seeds, with nothing highlighted.
type Options struct {
	// Seeds draws each seed of holes that hold at most this many; holes
	// with more show their count only. 0 means DefaultSeeds; a negative
	// value draws no seeds.
	Seeds int
	// Highlight lists holes to draw with a highlight ring (a move's house,
	// a capture, a hint).
	Highlight []mancala.Hole
	// NoLabels leaves out the house letters and the players' names.
	NoLabels bool
}

// DefaultSeeds is the largest count whose seeds are drawn one by one
// unless Options.Seeds says otherwise.
const DefaultSeeds = 20

// ErrEmptyBoard is returned for a Board without houses (the zero Board).
var ErrEmptyBoard = errors.New("svg: the board has no houses")

// Geometry, in viewBox units: one house is unit wide.
const (
	unit    = 100
	pad     = 16
	top     = 50 // the space above North's row for his name
	rowGap  = 20 // between the rows
	houseR  = 42
	bottomH = 50 // the space below South's row for his name
)

// Colours, as in the page of examples/web.
const (
	colWood     = "#b07a45"
	colWoodDark = "#7a4f27"
	colHole     = "#5c3a1c"
	colStore    = "#4e3016"
	colHoleLine = "#3a2410"
	colSeed     = "#f3e3c3"
	colSeedLine = "#8d7650"
	colSouth    = "#2f6fd0"
	colNorth    = "#c8413b"
	colLabel    = "#3d2a17"
	colHigh     = "#ffd84a"
)

// geom is the drawing's geometry for one board, from its layout.
type geom struct {
	n, w, rows int     // houses a side, houses a row, rows of houses
	stores     bool    // stores drawn at the ends
	pitch      float64 // from one row of houses to the next on a side
	width      int
	height     int
	layout     mancala.Layout
}

func newGeom(b mancala.Board) geom {
	l := b.Layout()
	g := geom{n: b.Houses(), layout: l, w: l.Width(b.Houses()), rows: 2 * l.Rows, stores: !l.NoStores, pitch: unit}
	if l.Rows == 2 {
		g.pitch = unit + 28 // room for the inner rows' letters
	}
	g.width = g.w*unit + 2*pad
	if g.stores {
		g.width += 2 * unit
	}
	g.height = int(g.rowY(g.rows-1)) + unit/2 + bottomH
	return g
}

// rowY returns the centre of the houses of row r, counted from the top.
func (g geom) rowY(r int) float64 {
	y := float64(top+unit/2) + float64(r)*g.pitch
	if r >= g.rows/2 {
		y += rowGap - g.pitch + unit
	}
	return y
}

// center returns where a hole is drawn (see the package documentation).
// Without stores, a store's seeds (the captured ones) are drawn as a
// count beside its owner's name.
func (g geom) center(h mancala.Hole) (x, y float64) {
	mid := (g.rowY(0) + g.rowY(g.rows-1)) / 2
	left := float64(pad)
	if g.stores {
		left += unit
	}
	switch {
	case h.IsStore() && !g.stores && h.Owner == mancala.North:
		return pad + 190, 20
	case h.IsStore() && !g.stores:
		return pad + 190, float64(g.height - 14)
	case h.IsStore() && h.Owner == mancala.North:
		return pad + unit/2, mid
	case h.IsStore():
		return left + (float64(g.w)+0.5)*unit, mid
	}
	r, c := g.layout.Cell(g.n, h.Owner, h.House)
	return left + (float64(c)+0.5)*unit, g.rowY(r)
}

// Encode writes b as an SVG document to w, drawn from its layout
// ([mancala.Board.Layout]): two or four rows of houses, with a store at
// each end or the captured seeds counted beside the players' names. It
// returns ErrEmptyBoard for a board without houses, and the first error
// of w.
func Encode(w io.Writer, b mancala.Board, o *Options) error {
	n := b.Houses()
	if n == 0 {
		return ErrEmptyBoard
	}
	var opt Options
	if o != nil {
		opt = *o
	}
	if opt.Seeds == 0 {
		opt.Seeds = DefaultSeeds
	}
	high := map[mancala.Hole]bool{}
	for _, h := range opt.Highlight {
		high[h] = true
	}
	g := newGeom(b)
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { fmt.Fprintf(bw, format, args...) }
	width, height := g.width, g.height
	p(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" font-family="sans-serif">`+"\n", width, height, width/2, height/2)
	p(`<rect x="3" y="%d" width="%d" height="%d" rx="40" fill="%s" stroke="%s" stroke-width="6"/>`+"\n", top-12, width-6, height-top-bottomH+24, colWood, colWoodDark)
	if !opt.NoLabels {
		p(`<text x="%d" y="20" fill="%s" font-size="24" font-weight="700" dominant-baseline="central">North</text>`+"\n", pad, colNorth)
		p(`<text x="%d" y="%d" fill="%s" font-size="24" font-weight="700" dominant-baseline="central">South</text>`+"\n", pad, height-14, colSouth)
	}
	for _, pl := range []mancala.Player{mancala.North, mancala.South} {
		store := mancala.Hole{Owner: pl, House: mancala.StoreHouse}
		x, y := g.center(store)
		k := b.Store(pl)
		p(`<g id="st-%c" data-seeds="%d">`, pl.String()[0], k)
		if g.stores {
			sh := g.rowY(g.rows-1) - g.rowY(0) + 70
			p(`<rect x="%g" y="%g" width="%d" height="%g" rx="40" fill="%s" stroke="%s" stroke-width="%d"/>`,
				x-42, y-sh/2, 84, sh, colStore, ring(high[store]), width3(high[store]))
			seeds(p, x, y, 38, sh/2-10, k, opt.Seeds)
			count(p, x, y, k)
		} else {
			p(`<text x="%g" y="%g" fill="%s" font-size="22" dominant-baseline="central">captured %d</text>`, x, y, colLabel, k)
		}
		p("</g>\n")
		for i := 0; i < n; i++ {
			h := mancala.Hole{Owner: pl, House: i}
			x, y := g.center(h)
			k := b.Seeds(pl, i)
			p(`<g id="h-%c-%d" data-seeds="%d">`, pl.String()[0], i, k)
			p(`<circle cx="%g" cy="%g" r="%d" fill="%s" stroke="%s" stroke-width="%d"/>`, x, y, houseR, fill(b.Burnt(pl, i)), ring(high[h]), width3(high[h]))
			if b.Burnt(pl, i) {
				p(`<path d="M%g %gl44 44M%g %gl-44 44" stroke="#c03a2b" stroke-width="6" stroke-linecap="round"/>`, x-22, y-22, x+22, y-22)
			} else {
				seeds(p, x, y, 40, 40, k, opt.Seeds)
				count(p, x, y, k)
			}
			p("</g>\n")
			if !opt.NoLabels {
				ly := y - houseR - 16
				if pl == mancala.South {
					ly = y + houseR + 16
				}
				p(`<text x="%g" y="%g" fill="%s" font-size="22" text-anchor="middle" dominant-baseline="central">%v</text>`+"\n", x, ly, colLabel, h)
			}
		}
	}
	for _, pl := range []mancala.Player{mancala.South, mancala.North} {
		k, at := b.Hand(pl)
		if k == 0 {
			continue
		}
		x, y := g.center(at)
		dy, col := 30.0, colSouth
		if pl == mancala.North {
			dy, col = -30, colNorth
		}
		p(`<g data-hand="%v"><circle cx="%g" cy="%g" r="22" fill="%s" stroke="#fff" stroke-width="3"/>`, pl, x+26, y+dy, col)
		p(`<text x="%g" y="%g" fill="#fff" font-size="24" font-weight="700" text-anchor="middle" dominant-baseline="central">%d</text></g>`+"\n", x+26, y+dy, k)
	}
	p("</svg>\n")
	return bw.Flush()
}

func fill(burnt bool) string {
	if burnt {
		return "#222"
	}
	return colHole
}

func ring(high bool) string {
	if high {
		return colHigh
	}
	return colHoleLine
}

func width3(high bool) int {
	if high {
		return 8
	}
	return 3
}

// seeds draws k seeds in an ellipse of radii rx, ry round (cx, cy), on a
// sunflower spiral, if k is at most max.
func seeds(p func(string, ...any), cx, cy, rx, ry float64, k, max int) {
	if k == 0 || k > max {
		return
	}
	r := math.Max(4, math.Min(9, 0.85*math.Min(rx, ry)/math.Sqrt(float64(k)+1)))
	for i := 0; i < k; i++ {
		d := math.Sqrt((float64(i) + 0.5) / float64(k))
		a := float64(i) * 2.39996
		p(`<circle cx="%.1f" cy="%.1f" r="%.1f" fill="%s" stroke="%s"/>`, cx+0.72*rx*d*math.Cos(a), cy+0.72*ry*d*math.Sin(a), r, colSeed, colSeedLine)
	}
}

// count writes a hole's seed count over it.
func count(p func(string, ...any), x, y float64, k int) {
	p(`<text x="%g" y="%g" fill="#fff" stroke="#2a1a0a" stroke-width="6" paint-order="stroke" font-size="40" font-weight="700" text-anchor="middle" dominant-baseline="central">%d</text>`, x, y, k)
}
