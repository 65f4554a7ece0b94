package internal

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the module's root directory, relative to this package.
const root = "../.."

// readme returns the text of the module's README and of every README of
// the examples (examples/README.md, examples/NAME/README.md), which the
// tests below check alike: commands, flags and snippets there must be
// true too.
func readme(t *testing.T) string {
	t.Helper()
	var sb strings.Builder
	for _, d := range docs(t) {
		sb.WriteString(d.text)
		sb.WriteString("\n")
	}
	return sb.String()
}

type doc struct {
	path string // relative to root, slash-separated
	text string
}

func docs(t *testing.T) []doc {
	t.Helper()
	paths := []string{"README.md", "examples/README.md"}
	more, err := filepath.Glob(filepath.Join(root, "examples", "*", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range more {
		rel, err := filepath.Rel(root, m)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, filepath.ToSlash(rel))
	}
	var out []doc
	for _, p := range paths {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, doc{p, string(b)})
	}
	return out
}

// snippetMarker introduces a code block copied from an Example function:
//
//	<!-- example: awale/example_test.go Example -->
//	```go
//	...the function's body, one tab of indentation removed...
//	```
var snippetMarker = regexp.MustCompile("(?m)^<!-- example: (\\S+) (\\S+) -->\n```go\n((?s:.*?))```\n")

// TestSnippetsMatchExamples checks that each README snippet is the body
// of the Example function it names, verbatim (less one tab of
// indentation), so that the README shows code that compiles and whose
// output is checked by go test.
func TestSnippetsMatchExamples(t *testing.T) {
	text := readme(t)
	matches := snippetMarker.FindAllStringSubmatch(text, -1)
	if len(matches) == 0 {
		t.Fatal("the README has no <!-- example: FILE FUNC --> snippet")
	}
	if n := strings.Count(text, "<!-- example:"); n != len(matches) {
		t.Errorf("%d example markers, but only %d are followed by a ```go block", n, len(matches))
	}
	for _, m := range matches {
		file, fn, got := m[1], m[2], m[3]
		t.Run(file+"/"+fn, func(t *testing.T) {
			want, err := exampleBody(filepath.Join(root, filepath.FromSlash(file)), fn)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Errorf("README snippet differs from %s's body in %s; copy it again.\nREADME:\n%s\nsource:\n%s", fn, file, got, want)
			}
		})
	}
}

// exampleBody returns the statements and comments inside function fn of a
// Go file, with one tab of indentation removed from each line.
func exampleBody(path, fn string) (string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != fn || fd.Recv != nil {
			continue
		}
		lb := fset.Position(fd.Body.Lbrace).Offset
		rb := fset.Position(fd.Body.Rbrace).Offset
		body := src[lb+1 : rb]
		body = bytes.TrimPrefix(body, []byte("\n"))
		var out strings.Builder
		for _, line := range strings.SplitAfter(string(body), "\n") {
			out.WriteString(strings.TrimPrefix(line, "\t"))
		}
		return out.String(), nil
	}
	return "", os.ErrNotExist
}

// TestCommandsExist checks that the directories the README's commands
// name (go run ./examples/..., go test ... ./pkg) exist, and that the fuzz
// targets it names are defined in those packages.
func TestCommandsExist(t *testing.T) {
	text := readme(t)
	paths := regexp.MustCompile(`(?m)\bgo (?:run|test|build)\b[^\n]*`).FindAllString(text, -1)
	if len(paths) == 0 {
		t.Fatal("the README shows no go command")
	}
	pkgArg := regexp.MustCompile(`\s(\./[\w/.-]*)`)
	fuzz := regexp.MustCompile(`-fuzz '?\^?(\w+?)\$?'?\s+(\./[\w/]+)`)
	for _, cmd := range paths {
		for _, m := range pkgArg.FindAllStringSubmatch(cmd, -1) {
			dir := strings.TrimSuffix(m[1], "/...")
			if fi, err := os.Stat(filepath.Join(root, dir)); err != nil || !fi.IsDir() {
				t.Errorf("%q: no directory %s", cmd, dir)
			}
		}
		if m := fuzz.FindStringSubmatch(cmd); m != nil {
			if !defines(t, filepath.Join(root, m[2]), "func "+m[1]+"(f *testing.F)") {
				t.Errorf("%q: no fuzz target %s in %s", cmd, m[1], m[2])
			}
		}
	}
}

// defines reports whether a _test.go file in dir contains decl.
func defines(t *testing.T, dir, decl string) bool {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(decl)) {
			return true
		}
	}
	return false
}

// TestLinksExist checks the READMEs' relative links, each relative to
// its README's folder.
func TestLinksExist(t *testing.T) {
	for _, d := range docs(t) {
		dir := filepath.Dir(filepath.Join(root, filepath.FromSlash(d.path)))
		for _, m := range regexp.MustCompile(`\]\(([^)#\s]+)(?:#[^)]*)?\)`).FindAllStringSubmatch(d.text, -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(link))); err != nil {
				t.Errorf("%s links to %s, which does not exist", d.path, link)
			}
		}
	}
}

// TestReadmeShort keeps the module's README a newcomer's page: the
// details belong beside each tool.
func TestReadmeShort(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("\n")); n >= 250 {
		t.Errorf("README.md has %d lines; keep it under 250 and move details to examples/README.md or a tool's README", n)
	}
}

// TestCommandFlagsExist checks that every flag in the README's go run
// ./examples/NAME commands is one that the program lists under -h, so that
// a renamed or removed flag cannot leave a documented command behind. It
// builds the programs, so -short skips it.
func TestCommandFlagsExist(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example programs")
	}
	text := readme(t)
	cmds := regexp.MustCompile(`(?m)\bgo run (\./examples/[\w-]+)([^\n#]*)`).FindAllStringSubmatch(text, -1)
	flagRE := regexp.MustCompile(`(?:^|\s)(-[a-z][\w-]*)`)
	usage := map[string]string{}
	bin := t.TempDir()
	for _, c := range cmds {
		pkg, args := c[1], c[2]
		help, ok := usage[pkg]
		if !ok {
			exe := filepath.Join(bin, filepath.Base(pkg))
			build := exec.Command("go", "build", "-o", exe, pkg)
			build.Dir = root
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", pkg, err, out)
			}
			out, _ := exec.Command(exe, "-h").CombinedOutput() // some exit 0, embed may not
			help = string(out)
			usage[pkg] = help
		}
		for _, m := range flagRE.FindAllStringSubmatch(args, -1) {
			name := strings.SplitN(m[1], "=", 2)[0]
			if name == "-h" || name == "-help" {
				continue // every program's usage, not a flag it lists
			}
			if !regexp.MustCompile(`(?m)^\s+` + regexp.QuoteMeta(name) + `\b`).MatchString(help) {
				t.Errorf("README: go run %s%s: %s -h does not list %s", pkg, args, filepath.Base(pkg), name)
			}
		}
	}
}
