package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

const usage = "usage: tune gen -o FILE [flags]   (self-play positions)\n       tune fit -i FILE [-o GOFILE] [flags]   (fit the tables)"

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:], stdout, stderr)
	case "fit":
		return runFit(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprintln(stdout, usage)
		fmt.Fprintln(stdout, "flags of tune gen:")
		genFlags(&genConfig{}, stdout).PrintDefaults()
		fmt.Fprintln(stdout, "flags of tune fit:")
		fitFlags(&fitConfig{}, stdout).PrintDefaults()
		return 0
	}
	fmt.Fprintf(stderr, "tune: unknown command %q (want gen or fit)\n%s\n", args[0], usage)
	return 2
}
