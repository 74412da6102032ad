"""Java's and Scala's primitives."""

from __future__ import annotations

from caveat.guards.eval.primitives.shared import SH_C
from caveat.guards.eval.records import Primitive

TABLE = (
    Primitive(
        id="java.object-input-stream",
        family="DESER",
        triggers=("ObjectInputStream",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>ObjectInputStream)\s*\(",
        alternative="JSON with typed binding, or an ObjectInputFilter allow-list",
    ),
    Primitive(
        id="java.xml-decoder",
        family="DESER",
        triggers=("XMLDecoder",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>XMLDecoder)\s*\(",
        literal_arg=0,
        alternative="a data-only parser (JAXB, Jackson) bound to concrete types",
    ),
    Primitive(
        id="java.snakeyaml",
        family="DESER",
        triggers=("Yaml",),
        pattern=r"(?<![\w.])(?:new\s+)?(?P<n>Yaml)\s*\(",
        # SafeConstructor, or a Constructor bound to one root class.
        safe=(r"\bSafeConstructor\b", r"\bnew\s+Constructor\s*\(\s*[\w.]"),
        name="new Yaml()",
        alternative="new Yaml(new SafeConstructor(new LoaderOptions()))",
    ),
    Primitive(
        id="java.jackson-typing",
        family="DESER",
        triggers=("DefaultTyping", "LaissezFaire", "JsonTypeInfo"),
        pattern=r"\b(?:enableDefaultTyping(?:AsProperty)?\s*\(|LaissezFaireSubTypeValidator\b"
        r"|JsonTypeInfo\s*\.\s*Id\s*\.\s*(?:CLASS|MINIMAL_CLASS)\b)",
        alternative="concrete target types, or a PolymorphicTypeValidator allow-list",
    ),
    Primitive(
        id="java.script-engine",
        family="CODE",
        triggers=("eval",),
        pattern=r"\.eval\s*\(",
        file_requires=("ScriptEngine",),
        literal_arg=0,
        name="ScriptEngine.eval",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.groovy-shell",
        family="CODE",
        triggers=("GroovyShell", "GroovyClassLoader"),
        pattern=r"\.(?P<n>evaluate|parse|parseClass)\s*\(",
        file_requires=("GroovyShell", "GroovyClassLoader"),
        literal_arg=0,
        template="GroovyShell.{n}",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.groovy-eval",
        family="CODE",
        triggers=("Eval.",),
        pattern=r"(?<![\w.])Eval\s*\.\s*(?P<n>me|x|xy|xyz)\s*\(",
        literal_arg=-1,
        template="Eval.{n}",
        alternative="a fixed script, with outside data passed in as bindings",
    ),
    Primitive(
        id="java.spel",
        family="TMPL",
        triggers=("parseExpression",),
        pattern=r"\.parseExpression\s*\(",
        literal_arg=0,
        name="parseExpression",
        alternative="a constant expression evaluated with SimpleEvaluationContext",
    ),
    Primitive(
        # Unified EL: an expression built from outside text runs with the page's beans.
        id="java.el",
        family="TMPL",
        triggers=("createValueExpression", "createMethodExpression"),
        pattern=r"\.(?P<n>createValueExpression|createMethodExpression)\s*\(",
        # the expression is the second argument
        require=(r"^[^,()]*,\s*(?![\"\s])",),
        template="{n}",
        alternative="a constant expression; pass outside values in as variables",
    ),
    Primitive(
        # Bean Validation message templates are EL.
        id="java.el-template",
        family="TMPL",
        triggers=("ConstraintViolationWithTemplate",),
        pattern=r"\.buildConstraintViolationWithTemplate\s*\(",
        literal_arg=0,
        name="buildConstraintViolationWithTemplate",
        alternative="a constant message template; pass outside values as message parameters",
    ),
    Primitive(
        id="java.ognl",
        family="TMPL",
        triggers=("ognl", "Ognl"),
        pattern=r"\.(?P<n>getGetMethod|getSetMethod|getField|getValue|setValue|setProperties"
        r"|setProperty|translateVariables|callMethod|findValue|parseExpression|evaluate)\s*\(",
        file_requires=("ognl", "Ognl"),
        literal_arg=0,
        template="OGNL {n}",
        alternative="a constant OGNL expression, or plain getters and setters",
    ),
    Primitive(
        # Scala sys.process: ``Seq("sh", "-c", cmd).!`` runs a shell script.
        id="java.scala-shell",
        family="SHELL",
        triggers=("sys.process",),
        # run on the same line: ``.!``, ``.!!``, ``.lazyLines``, ``.run``
        pattern=r"(?<![\w.])(?:Seq|List|Process)\s*\("
        r"(?=[^\n]*\)\s*\.?\s*(?:!|lazyLines|lineStream|run\b))",
        file_requires=("sys.process",),
        require=(SH_C,),
        literal_arg=-1,
        name='Seq(shell, "-c", ...)',
        alternative="Seq(program, arg1, ...) without a shell",
    ),
    Primitive(
        # A string run as a command line (``cmd.!``, ``cmd !!``, ``cmd.lazyLines``).
        id="java.scala-string-run",
        family="SHELL",
        triggers=("sys.process",),
        pattern=r"(?<=\w)(?:\s*\.\s*(?:!!?|lazyLines(?:_!)?|lineStream(?:_!)?)(?![\w!=])"
        r"|[ \t]+!!?(?=[ \t]*(?:$|[)};\n])))",
        file_requires=("sys.process",),
        name="command string .!",
        alternative="Seq(program, arg1, ...).! with each argument its own element",
    ),
    Primitive(
        id="java.runtime-exec",
        family="SHELL",
        triggers=("getRuntime",),
        pattern=r"\b(?:Runtime\s*\.\s*getRuntime\s*\(\s*\)|\w+)\s*\.\s*exec\s*\(",
        file_requires=("getRuntime",),
        group="runtime-exec",
        safe=(
            r'^\s*(?:new\s+String\s*\[\s*\]\s*\{|(?:arrayOf|listOf)\s*\()\s*"'
            r'(?!(?:/bin/|/usr/bin/)?(?:ba|z|k|da)?sh"|cmd(?:\.exe)?")',
        ),
        literal_arg=0,
        name="Runtime.exec",
        alternative='new ProcessBuilder(List.of("cmd", arg1, ...)) without a shell',
    ),
    Primitive(
        id="java.runtime-exec-shell",
        family="SHELL",
        triggers=("getRuntime",),
        pattern=r"\b(?:Runtime\s*\.\s*getRuntime\s*\(\s*\)|\w+)\s*\.\s*exec\s*\(",
        file_requires=("getRuntime",),
        group="runtime-exec",
        require=(SH_C,),
        literal_arg=-1,
        name="Runtime.exec",
        alternative='new ProcessBuilder(List.of("cmd", arg1, ...)) without a shell',
    ),
    Primitive(
        # A native library named by a formatted string: whoever shapes the name
        # chooses the code loaded (Semgrep's formatted-runtime-call).
        id="java.load-library",
        family="CODE",
        triggers=("loadLibrary",),
        pattern=r"\.\s*loadLibrary\s*\(",
        require=(r"\bString\s*\.\s*format\s*\(|\+|\$\{?\w",),
        name="loadLibrary(formatted name)",
        words="native code loaded by a computed name",
        alternative="a constant library name, or an allow-list of names",
    ),
    Primitive(
        id="java.process-builder-shell",
        family="SHELL",
        triggers=("ProcessBuilder",),
        pattern=r"(?<![\w.])(?:new\s+)?ProcessBuilder\s*\(|\.command\s*\(",
        file_requires=("ProcessBuilder",),
        require=(SH_C,),
        literal_arg=-1,
        name='ProcessBuilder(shell, "-c", ...)',
        alternative="ProcessBuilder with the program and its arguments, no sh -c",
    ),
)
