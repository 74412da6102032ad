"""Go's primitives."""

from __future__ import annotations

from caveat.guards.eval.primitives.shared import SH_C
from caveat.guards.eval.records import Primitive

TABLE = (
    Primitive(
        id="go.exec-shell",
        family="SHELL",
        triggers=("exec.Command",),
        pattern=r"\bexec\s*\.\s*Command(?:Context)?\s*\(",
        require=(SH_C,),
        literal_arg=-1,
        name='exec.Command(shell, "-c", ...)',
        alternative="exec.Command(program, arg1, arg2) without a shell",
    ),
    Primitive(
        id="go.js-vm",
        family="CODE",
        triggers=("otto", "goja"),
        pattern=r"\.(?:Run|RunString|RunScript)\s*\(",
        file_requires=("robertkrimen/otto", "dop251/goja"),
        literal_arg=0,
        name="vm.Run (embedded JavaScript)",
        alternative="a fixed script, with outside values passed in",
    ),
)
