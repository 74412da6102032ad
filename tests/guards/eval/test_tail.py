"""Fixture tables for the long tail of the eval guard's classes: the stdlib REPL and
subinterpreters, vm2 and sandbox, shelljs, Ruby's piped ``open`` and Open3 pipelines,
PHP's ``assert`` and ``e`` modifier, EL and OGNL, Scala's sys.process, and .NET's
FsPickler, fastJSON and Remoting type filters. Each firing row has a silent twin: the
constant or safe form of the same call."""

from __future__ import annotations

import pytest

from tests.guards.eval.test_eval import root  # noqa: F401  (the fixture)
from tests.guards.eval.test_eval import summary
from tests.guards.eval.test_eval import write

SCALA = "import scala.sys.process._\n"
OGNL = "import ognl.Ognl;\n"

FIRING = [
    pytest.param(
        "a.py",
        "import code\nc = code.InteractiveConsole()\nc.push(line)\n",
        "code: push",
        "3",
        id="py-console-push",
    ),
    pytest.param(
        "a.py",
        "from code import InteractiveInterpreter\nInteractiveInterpreter().runsource(src)\n",
        "code: runsource",
        "2",
        id="py-interpreter-runsource",
    ),
    pytest.param(
        "a.py",
        "import code\ni = code.InteractiveInterpreter()\ni.runcode(code.compile_command(s))\n",
        "code: runcode",
        "3",
        id="py-interpreter-runcode",
    ),
    pytest.param(
        "a.py",
        "import _xxsubinterpreters as i\n_xxsubinterpreters.run_string(i.create(), src)\n",
        "run_string",
        "2",
        id="py-subinterpreter-run-string",
    ),
    pytest.param(
        "a.py",
        "import _testcapi\n_testcapi.run_in_subinterp(payload)\n",
        "run_in_subinterp",
        "2",
        id="py-testcapi-run-in-subinterp",
    ),
    pytest.param(
        "a.js",
        "const { VM } = require('vm2');\nnew VM({ timeout: 10 }).run(code);\n",
        "vm2/sandbox run",
        "2",
        id="js-vm2-run",
    ),
    pytest.param(
        "a.js",
        "const { VMScript } = require('vm2');\nconst s = new VMScript(`f(${x})`);\n",
        "vm2/sandbox run",
        "2",
        id="js-vm2-script",
    ),
    pytest.param(
        "a.ts",
        "import { NodeVM } from 'vm2';\nexport const out = new NodeVM().run(src);\n",
        "vm2/sandbox run",
        "2",
        id="ts-vm2-import-run",
    ),
    pytest.param(
        "a.js",
        "const Sandbox = require('sandbox');\nnew Sandbox().run('f(' + x + ')', cb);\n",
        "vm2/sandbox run",
        "2",
        id="js-sandbox-run",
    ),
    pytest.param(
        "a.js",
        "const shell = require('shelljs');\nshell.exec(`git log ${ref}`);\n",
        "shelljs exec",
        "2",
        id="js-shelljs-exec",
    ),
    pytest.param(
        "a.rb", 'io = open("|%s" % cmd)\n', 'open("|command")', "1", id="rb-open-pipe-format"
    ),
    pytest.param(
        "a.rb",
        'out = IO.read("|git log #{ref}")\n',
        'open("|command")',
        "1",
        id="rb-io-read-pipe",
    ),
    pytest.param(
        "a.rb",
        'Open3.pipeline("sort #{file}", "uniq")\n',
        "Open3.pipeline",
        "1",
        id="rb-open3-pipeline-string",
    ),
    pytest.param("a.php", "<?php\nassert($code);\n", "assert(string)", "2", id="php-assert-var"),
    pytest.param(
        "a.php",
        "<?php\n$s = preg_replace('/(.*)/e', $r, $in);\n",
        "replace with the e modifier",
        "2",
        id="php-preg-e",
    ),
    pytest.param(
        "a.php",
        "<?php\nmb_ereg_replace($p, $r, $s, $opts);\n",
        "replace with the e modifier",
        "2",
        id="php-mb-ereg-options",
    ),
    pytest.param(
        "A.java",
        "class A { void f() { factory.createValueExpression(ctx, expr, String.class); } }\n",
        "createValueExpression",
        "1",
        id="java-el-value",
    ),
    pytest.param(
        "A.java",
        "class A { void f() { c.buildConstraintViolationWithTemplate(message); } }\n",
        "buildConstraintViolationWithTemplate",
        "1",
        id="java-el-template",
    ),
    pytest.param(
        "A.java",
        OGNL + "class A { Object f() { return Ognl.getValue(expr, ctx, root); } }\n",
        "OGNL getValue",
        "2",
        id="java-ognl-getvalue",
    ),
    pytest.param(
        "A.scala",
        SCALA + 'object A { Seq("sh", "-c", cmd).! }\n',
        'Seq(shell, "-c", ...)',
        "2",
        id="scala-seq-shell",
    ),
    pytest.param(
        "A.scala",
        SCALA + "object A { val out = command.!! }\n",
        "command string .!",
        "2",
        id="scala-string-run",
    ),
    pytest.param(
        "A.scala",
        SCALA + "object A { val out = command !\n}\n",
        "command string .!",
        "2",
        id="scala-string-run-postfix",
    ),
    pytest.param(
        "A.cs",
        "var p = FsPickler.CreateJsonSerializer();\n",
        "FsPickler",
        "1",
        id="cs-fspickler",
    ),
    pytest.param(
        "A.cs",
        "var o = JSON.ToObject(json, new JSONParameters { BadListTypeChecking = false });\n",
        "JSON.ToObject (BadListTypeChecking = false)",
        "1",
        id="cs-fastjson",
    ),
    pytest.param(
        "A.cs",
        "provider.TypeFilterLevel = TypeFilterLevel.Full;\n",
        "TypeFilterLevel.Full",
        "1",
        id="cs-typefilter-full",
    ),
]


@pytest.mark.parametrize(("name", "text", "primitive", "lines"), FIRING)
def test_firing(root, name, text, primitive, lines):  # noqa: F811
    assert summary(write(root, name, text)) == [(primitive, lines)]


SILENT = [
    pytest.param(
        "a.py",
        "import code\nc = code.InteractiveConsole()\nc.push('print(1)')\n",
        id="py-console-push-constant",
    ),
    pytest.param("a.py", "stack.push(item)\nq.runcode(x)\n", id="py-push-without-repl"),
    pytest.param(
        "a.py", "import _testcapi\n_testcapi.run_in_subinterp('pass')\n", id="py-subinterp-constant"
    ),
    pytest.param("a.py", "runner.run_string(text)\n", id="py-run-string-elsewhere"),
    pytest.param(
        "a.js",
        "const { VM } = require('vm2');\nnew VM().run('1 + 1');\n",
        id="js-vm2-constant",
    ),
    pytest.param("a.js", "app.run(config);\ntask.run(job);\n", id="js-run-without-vm2"),
    pytest.param(
        "a.js",
        "frame.setAttribute('sandbox', '');\nrunner.run(job);\n",
        id="js-run-beside-iframe-sandbox",
    ),
    pytest.param(
        "a.ts",
        "import { VM } from 'vm2';\nconst vm = new VM();\nvm.run('1 + 1');\n",
        id="ts-vm2-import-constant",
    ),
    pytest.param(
        "a.js",
        "const shell = require('shelljs');\nshell.exec('npm test');\n",
        id="js-shelljs-const",
    ),
    pytest.param("a.js", "shell.exec(cmd);\n", id="js-shell-exec-without-shelljs"),
    pytest.param("a.rb", 'io = open("|date")\nf = open(path)\n', id="rb-open-constant-pipe"),
    pytest.param("a.rb", 'Open3.pipeline(["sort", file], ["uniq"])\n', id="rb-pipeline-argv"),
    pytest.param("a.php", "<?php\nassert($x > 1);\nassert('2 > 1');\n", id="php-assert-boolean"),
    pytest.param(
        "a.php", "<?php\n$s = preg_replace('/a+/i', 'b', $in);\n", id="php-preg-without-e"
    ),
    pytest.param(
        "A.java",
        'class A { void f() { factory.createValueExpression(ctx, "#{1+1}", String.class); } }\n',
        id="java-el-constant",
    ),
    pytest.param(
        "A.java",
        'class A { void f() { c.buildConstraintViolationWithTemplate("{msg}"); } }\n',
        id="java-el-template-constant",
    ),
    pytest.param(
        "A.java",
        "class A { Object f() { return map.getValue(key); } }\n",
        id="java-getvalue-no-ognl",
    ),
    pytest.param(
        "A.scala",
        SCALA + 'object A { Seq("sh", "-c", "ls").!!\nSeq("ls", "-la").!!\n}\n',
        id="scala-constant-and-argv",
    ),
    pytest.param(
        "A.scala", SCALA + 'object A { val s = Seq("sh", "-c", cmd) }\n', id="scala-not-run"
    ),
    pytest.param("A.scala", "object A { if (a != b) x !\n}\n", id="scala-without-sys-process"),
    pytest.param(
        "A.cs", "provider.TypeFilterLevel = TypeFilterLevel.Low;\n", id="cs-typefilter-low"
    ),
    pytest.param("A.cs", "var o = JSON.ToObject(json);\n", id="cs-fastjson-default"),
    pytest.param(
        "A.java",
        "class A { Yaml y = new Yaml(new Constructor(Config.class)); }\n",
        id="java-snakeyaml-root-class",
    ),
]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):  # noqa: F811
    assert write(root, name, text) == []
