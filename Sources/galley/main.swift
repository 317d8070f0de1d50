// The `galley` command-line tool: a thin entry point over GalleyCLI.
import GalleyCLI
