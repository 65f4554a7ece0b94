package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sowing-games/sowing/mancala"
	"github.com/sowing-games/sowing/mancala/book"
)

func TestBookCommand(t *testing.T) {
	name := t.TempDir() + "/abapa.book"
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"book", "-plies", "1", "-depth", "3", "-out", name}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	b, err := book.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if b.Len() != 7 || b.Rules() != "awale abapa" || b.Plies() != 1 {
		t.Errorf("%d positions of %q within %d plies, want 7 of awale abapa within 1", b.Len(), b.Rules(), b.Plies())
	}
	if strings.Count(errb.String(), "\nbook: ")+1 != 7 {
		t.Errorf("progress lines:\n%s", errb.String())
	}
	// -extend 2: the 6 positions after the first move, then each followed
	// 2 moves along the book's own moves (at most 12 more).
	ext := t.TempDir() + "/ext.book"
	if code := run(context.Background(), []string{"book", "-plies", "1", "-extend", "2", "-depth", "3", "-out", ext}, nil, &out, &errb); code != 0 {
		t.Fatalf("-extend 2: exit %d: %s", code, errb.String())
	}
	if b, err := book.ReadFile(ext); err != nil || b.Plies() != 3 || b.Len() <= 7 || b.Len() > 7+12 {
		t.Errorf("-plies 1 -extend 2: %v, %d positions within %d plies; want 8 to 19 within 3", err, b.Len(), b.Plies())
	}
	// -reply-depth 1: the same lines, the opponent's moves those of a
	// 1-ply search (its positions get no entries: at most 12 more again).
	rep := t.TempDir() + "/rep.book"
	if code := run(context.Background(), []string{"book", "-plies", "1", "-extend", "2", "-depth", "3", "-reply-depth", "1", "-out", rep}, nil, &out, &errb); code != 0 {
		t.Fatalf("-reply-depth 1: exit %d: %s", code, errb.String())
	}
	if b, err := book.ReadFile(rep); err != nil || b.Plies() != 3 || b.Len() <= 7 || b.Len() > 7+12 {
		t.Errorf("-plies 1 -extend 2 -reply-depth 1: %v, %d positions within %d plies; want 8 to 19 within 3", err, b.Len(), b.Plies())
	}
	if !strings.Contains(errb.String(), "the opponent's reply") {
		t.Errorf("-reply-depth 1: no reply in the progress:\n%s", errb.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"book", "-h"}, nil, &out, &errb); code != 0 || !strings.Contains(out.String(), "-plies") {
		t.Errorf("book -h: exit %d, %q", code, out.String())
	}
	for _, args := range [][]string{
		{"book", "-plies", "1", "-depth", "3"},
		{"book", "-plies", "1", "-out", name},
		{"book", "-plies", "-1", "-depth", "3", "-out", name},
		{"book", "-rules", "chess", "-depth", "3", "-out", name},
		{"book", "-depth", "3", "-out", name, "extra"},
		{"book", "-extend", "-1", "-depth", "3", "-out", name},
		{"book", "-reply-depth", "2", "-depth", "3", "-out", name},
		{"book", "-extend", "2", "-reply-time", "-1s", "-depth", "3", "-out", name},
	} {
		if code := run(context.Background(), args, nil, &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// TestBookKey: book=on plays from the embedded book (uci.Players, whose
// tests cover the other keys).
func TestBookKey(t *testing.T) {
	p, err := players.Parse("engine:depth=2,book=on", 1)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := p.(*book.Engine); !ok || e.Book == nil || e.Book.Len() == 0 {
		t.Errorf("book=on: %T, want a *book.Engine with the embedded book", p)
	}
}

func TestBookFlag(t *testing.T) {
	name := t.TempDir() + "/one.book"
	b := book.New("awale abapa", 0)
	b.Add(mustStart(t), book.Entry{Move: mustHouse(t, "B"), Value: 0, Depth: 1})
	if err := book.WriteFile(name, b); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	in := "position startpos\ngo movetime 2000\n"
	if code := run(context.Background(), []string{"-book", name, "-ownbook"}, strings.NewReader(in), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "bestmove B\n") {
		t.Errorf("-book: output %q, want the file's bestmove B", out.String())
	}
	out.Reset()
	if code := run(context.Background(), []string{"-book", name}, strings.NewReader("position startpos\ngo movetime 50\n"), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if strings.Contains(out.String(), "info string book") {
		t.Errorf("without -ownbook: answered from the book: %q", out.String())
	}
	for _, args := range [][]string{{"-book", name + ".none"}, {"-book", name, "-rules", "awari"}} {
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func mustStart(t *testing.T) mancala.Position {
	t.Helper()
	p, err := mancala.ParsePosition("4,4,4,4,4,4/4,4,4,4,4,4 0,0 S")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func mustHouse(t *testing.T, s string) mancala.Move {
	t.Helper()
	m, err := mancala.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestBookFilesNotRegular: a FIFO given as -book is refused at once (it
// hung the engine before: opening a FIFO blocks until a writer comes), and
// uci book -out naming a file that is no book says so without offering to
// resume (it said "run the same command again to resume").
func TestBookFilesNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := dir + "/fifo.book"
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan int, 1)
	var out, errb bytes.Buffer
	go func() {
		done <- run(context.Background(), []string{"-book", fifo, "-ownbook"}, strings.NewReader("uci\n"), &out, &errb)
	}()
	select {
	case code := <-done:
		if code == 0 {
			t.Errorf("-book FIFO: exit 0, want a refusal; stderr %q", errb.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("-book FIFO: no answer in 10 s (the engine hangs on the FIFO)")
	}

	notes := dir + "/notes.txt"
	if err := os.WriteFile(notes, []byte("my notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var bout, berr bytes.Buffer
	if code := runBook(context.Background(), []string{"-plies", "1", "-depth", "1", "-out", notes}, &bout, &berr); code == 0 {
		t.Fatalf("book -out over a text file: exit 0")
	}
	if strings.Contains(berr.String(), "resume") {
		t.Errorf("book -out over a text file: %q offers to resume", berr.String())
	}
	if b, _ := os.ReadFile(notes); string(b) != "my notes\n" {
		t.Errorf("the text file became %q", b)
	}
}
