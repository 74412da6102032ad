"""Which shell commands change files, and how, as data (the shell plan guard)."""

from __future__ import annotations

# Shell commands that change files, by command word (lower case, ``.exe`` removed):
# the action they perform on their path arguments. ``DEST`` commands change only
# their last path argument (the destination); ``mv`` changes its sources too.
DELETES = frozenset({"rm", "unlink", "shred", "rmdir", "srm", "trash", "trash-put"})
MOVES = frozenset({"mv"})
COPIES = frozenset({"cp", "install", "rsync", "scp", "ln"})
CREATES = frozenset({"touch", "mkdir"})
TRUNCATES = frozenset({"truncate"})
IN_PLACE = frozenset({"sed", "gsed", "perl"})
TEES = frozenset({"tee"})
# Options of these commands that take the next word as their value.
VALUE_OPTIONS = {
    "cp": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "mv": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "install": frozenset({"-m", "--mode", "-o", "--owner", "-g", "--group", "-t", "-S"}),
    "ln": frozenset({"-t", "--target-directory", "-S", "--suffix"}),
    "truncate": frozenset({"-s", "--size", "-r", "--reference"}),
    "rsync": frozenset({"-e", "--rsh", "--exclude", "--include", "--filter", "-f"}),
    "scp": frozenset({"-P", "-i", "-o", "-F", "-c", "-l", "-S", "-J"}),
    "sed": frozenset({"-e", "--expression", "-f", "--file", "-l", "--line-length"}),
    "perl": frozenset({"-e", "-E", "-M", "-I", "-m"}),
    "mkdir": frozenset({"-m", "--mode"}),
    "touch": frozenset({"-d", "--date", "-r", "--reference", "-t"}),
    "tee": frozenset(),
}

# git sub-commands and what they do to their path arguments ("" : to the working
# tree or repository as a whole, which plan mode reports but the plans-folder check,
# needing a path, does not).
GIT_PATH_ACTIONS = {
    "rm": "deletes",
    "mv": "moves",
    "checkout": "overwrites",
    "restore": "overwrites",
}
GIT_MUTATIONS = frozenset(
    {
        "add",
        "am",
        "apply",
        "checkout",
        "cherry-pick",
        "clean",
        "commit",
        "merge",
        "mv",
        "pull",
        "rebase",
        "reset",
        "restore",
        "revert",
        "rm",
        "stash",
        "switch",
    }
)
GIT_GLOBAL_VALUES = frozenset({"-C", "-c", "--git-dir", "--work-tree", "--namespace"})

# PowerShell cmdlets and aliases (lower case): the action, and the parameters that
# name the changed path.
POWERSHELL = {
    "remove-item": "deletes",
    "ri": "deletes",
    "del": "deletes",
    "erase": "deletes",
    "rd": "deletes",
    "move-item": "moves",
    "mi": "moves",
    "move": "moves",
    "rename-item": "moves",
    "ren": "moves",
    "rni": "moves",
    "copy-item": "overwrites",
    "cpi": "overwrites",
    "copy": "overwrites",
    "set-content": "overwrites",
    "sc": "overwrites",
    "out-file": "overwrites",
    "add-content": "appends to",
    "ac": "appends to",
    "new-item": "creates",
    "ni": "creates",
    "clear-content": "truncates",
    "clc": "truncates",
    "rm": "deletes",
    "rmdir": "deletes",
    "mv": "moves",
    "cp": "overwrites",
}
POWERSHELL_PATHS = frozenset({"-path", "-literalpath", "-filepath", "-destination", "-lp"})

# Redirection targets that are not files.
DISCARD_TARGETS = frozenset({"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty", "nul", "$null"})

# PowerShell parameters that take the next word as their value.
POWERSHELL_VALUES = frozenset(
    {
        "-value",
        "-encoding",
        "-itemtype",
        "-name",
        "-newname",
        "-filter",
        "-include",
        "-exclude",
        "-credential",
        "-stream",
        "-inputobject",
        "-width",
        "-type",
    }
)
POWERSHELL_CWD = frozenset({"cd", "chdir", "set-location", "sl", "pushd", "push-location"})

# What a shell change does to a file in the plans folder that the bash plan guard
# reports; creating folders or touching timestamps there is left alone.
FOLDER_ACTIONS = frozenset(
    {
        "deletes",
        "moves",
        "overwrites",
        "copies into",
        "appends to",
        "edits in place",
        "truncates",
        "removes from git",
    }
)
