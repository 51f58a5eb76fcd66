"""Sub-commands of `referee`: each module has `register(subparsers)` and sets `handler`."""
