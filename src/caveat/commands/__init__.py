"""Sub-commands other than ``hook``: ``parser`` builds the argument parser, ``route``
hands a parsed command to its handler, and one handler module per command."""
