"""PowerShell's primitives."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

TABLE = (
    Primitive(
        id="ps.iex-download",
        family="DLEXEC",
        triggers=("iex", "invoke-expression"),
        pattern=r"(?:(?<![\w-])(?:iwr|irm|curl|wget|invoke-webrequest|invoke-restmethod)"
        r"(?![\w-])|\.downloadstring\s*\()[^\n;]{0,400}?\|\s*(?:iex|invoke-expression)"
        r"(?![\w-])|(?<![\w$-])(?:iex|invoke-expression)[\s(]{0,8}(?:iwr|irm"
        r"|invoke-webrequest|invoke-restmethod|new-object\s+(?:system\.)?net\.webclient)"
        r"(?![\w-])",
        group="iex",
        name="iex (downloaded script)",
        alternative="save the script to a file, verify its signature or hash "
        "(Get-AuthenticodeSignature, Get-FileHash), then run it",
    ),
    Primitive(
        id="ps.invoke-expression",
        family="CODE",
        triggers=("iex", "invoke-expression"),
        pattern=r"(?<![\w$-])(?:iex|invoke-expression)(?![\w-])",
        group="iex",
        literal_arg=0,
        name="Invoke-Expression",
        alternative="call the command directly (& $command @arguments)",
    ),
)
