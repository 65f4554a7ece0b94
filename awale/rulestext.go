package awale

import _ "embed" // for RulesText

// RulesText is the package's statement of the rules it plays, in Markdown:
// every rule with the id that tests, refusals and endings cite (AW-1 to
// AW-10), the options with their names, the presets and the sources. It
// is the file RULES.md of the package's directory, for tools to print.
//
//go:embed RULES.md
var RulesText string
