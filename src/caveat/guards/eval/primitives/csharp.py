"""C#'s primitives."""

from __future__ import annotations

from caveat.guards.eval.records import Primitive

TABLE = (
    Primitive(
        id="cs.formatter",
        family="DESER",
        triggers=("Formatter", "NetDataContractSerializer"),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>BinaryFormatter|SoapFormatter|LosFormatter"
        r"|ObjectStateFormatter|NetDataContractSerializer)\s*\(",
        alternative="System.Text.Json or DataContractSerializer with known types",
    ),
    Primitive(
        id="cs.type-name-handling",
        family="DESER",
        triggers=("TypeNameHandling",),
        pattern=r"\bTypeNameHandling\s*\.\s*(?:All|Auto|Objects|Arrays)\b",
        alternative="TypeNameHandling.None (the default) with concrete types",
    ),
    Primitive(
        id="cs.javascript-serializer",
        family="DESER",
        triggers=("JavaScriptSerializer",),
        # Its only argument is a type resolver: any resolver lets the data name types.
        pattern=r"\bnew\s+JavaScriptSerializer\s*\((?=\s*[^\s)])",
        name="JavaScriptSerializer(type resolver)",
        alternative="new JavaScriptSerializer() without a type resolver, or System.Text.Json",
    ),
    Primitive(
        id="cs.fspickler",
        family="DESER",
        triggers=("FsPickler",),
        pattern=r"\bFsPickler\s*\.\s*Create(?:Json|Binary|Xml|Bson)Serializer\s*\(",
        name="FsPickler",
        alternative="System.Text.Json with concrete types",
    ),
    Primitive(
        id="cs.fastjson",
        family="DESER",
        triggers=("BadListTypeChecking",),
        pattern=r"\bJSON\s*\.\s*ToObject\b",
        require=(r"\bBadListTypeChecking\s*=\s*false\b",),
        name="JSON.ToObject (BadListTypeChecking = false)",
        alternative="fastJSON with BadListTypeChecking left on, or System.Text.Json",
    ),
    Primitive(
        id="cs.typefilter-full",
        family="DESER",
        triggers=("TypeFilterLevel",),
        pattern=r"\bTypeFilterLevel\s*\.\s*Full\b",
        alternative="TypeFilterLevel.Low (the default) for .NET Remoting",
    ),
    Primitive(
        id="cs.process-shell",
        family="SHELL",
        triggers=("Process.Start", "ProcessStartInfo"),
        pattern=r"(?:\bProcess\s*\.\s*Start|\bnew\s+ProcessStartInfo)\s*\(",
        require=(
            r'"(?:cmd(?:\.exe)?|powershell(?:\.exe)?|pwsh|(?:/bin/)?(?:ba)?sh)"'
            r'\s*,\s*\$?@?"(?:/[cC]|-[cC](?:ommand)?)\b',
        ),
        literal_arg=-1,
        name="Process.Start(shell, command)",
        alternative="ProcessStartInfo with FileName set to the program and "
        "ArgumentList for each argument",
    ),
)
