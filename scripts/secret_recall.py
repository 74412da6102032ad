"""Measure the secret redactor against the example strings of gitleaks' default rules.

    .venv/bin/python scripts/secret_recall.py PATH [--rule ID] [--show]

PATH is a gitleaks checkout or a bare git directory of one. The example strings are
read from its rule files (``cmd/generate/config/rules/*.go``) each run: the Go string
expressions that build each rule's true positives (``tps``) and false positives
(``fps``) are evaluated here, ``secrets.NewSecret(regex)`` by drawing a string from the
regex (seeded by the rule id, so runs agree), ``utils.GenerateSampleSecrets`` by the
sample templates read from ``utils/generate.go``. Nothing derived from the ruleset is
kept in this repository.

For each positive, the secret is what the rule's own regex (``config/gitleaks.toml``)
captures: its ``secretGroup``, else its first non-empty group, else the whole match.
Recall is the fraction of positives whose secret no longer appears verbatim after
``caveat.common.sanitize.redact``; over-redaction the fraction of negatives it changes.
Targets: recall >= 0.95, over-redaction <= 0.05.

Two kinds of negative are left out of the over-redaction figure (``NEGATIVES_LEFT_OUT``),
both decided from the ruleset alone, never from what the redactor does: a value the
rule allow-lists by its exact text (a real-format key published in an SDK's samples:
only a list of such values could tell it from a live one), and a negative that another
rule of the ruleset reports (``nonMatchingToken := "jledw5pbgr71vj0a"`` is no Settlemint
token, but the generic rule flags it: a value assigned to a token-named key, which the
redactor hides whatever the service). The report counts them, rule by rule.
"""

from __future__ import annotations

import argparse
import importlib
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

RECALL_TARGET = 0.95
OVER_TARGET = 0.05
RULES_DIR = "cmd/generate/config/rules"

# Rules left out of the figures, each with why: their positives are not secrets a
# redactor could tell from ordinary text without knowing the file or the service.
EXCLUDED = {
    "generic-api-key": "entropy rule: any high-entropy value after a key-like word",
    "pkcs12-file": "matches a file path (*.p12, *.pfx), not text",
    "kubernetes-secret-yaml": "needs the YAML document's kind: Secret context",
    "hashicorp-tf-password": "a password in a .tf file: decided by the file path",
    "nuget-config-password": "a password in nuget.config: decided by the file path",
    "freemius-secret-key": "a key in a .php file: decided by the file path",
    "sourcegraph-access-token": "also matches a bare 40-hex string (a git SHA)",
}

NEGATIVES_LEFT_OUT = {
    "allow-listed": "the rule allow-lists this exact value (a published real-format key)",
    "reported elsewhere": "another rule of the ruleset reports it (its regex and entropy)",
}


# --- reading the ruleset ----------------------------------------------------------------


class Source:
    """Files of a gitleaks checkout, or of a bare git directory at HEAD."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.git = not os.path.isdir(os.path.join(path, RULES_DIR))
        if self.git and not os.path.isfile(os.path.join(path, "HEAD")):
            sys.exit(
                f"{path}: neither a gitleaks checkout (no {RULES_DIR}) nor a git directory"
                " (no HEAD); pass the checkout or the git directory of github:gitleaks/gitleaks"
            )

    def read(self, rel: str) -> str:
        if not self.git:
            with open(os.path.join(self.path, rel), encoding="utf-8") as handle:
                return handle.read()
        done = subprocess.run(
            ["git", "--git-dir", self.path, "show", f"HEAD:{rel}"],
            capture_output=True,
            check=True,
        )
        return done.stdout.decode("utf-8", "replace")

    def rule_files(self) -> list[str]:
        if not self.git:
            names = os.listdir(os.path.join(self.path, RULES_DIR))
        else:
            done = subprocess.run(
                ["git", "--git-dir", self.path, "ls-tree", "--name-only", f"HEAD:{RULES_DIR}"],
                capture_output=True,
                check=True,
                text=True,
            )
            names = done.stdout.split()
        return sorted(f"{RULES_DIR}/{name}" for name in names if name.endswith(".go"))


# --- a small evaluator for the Go string expressions of the rule files ------------------

_TOKEN = re.compile(
    r"(?P<nl>\n)|(?P<ws>[ \t\r]+)|(?P<comment>//[^\n]*|/\*.*?\*/)|(?P<raw>`[^`]*`)"
    r'|(?P<str>"(?:[^"\\\n]|\\.)*")|(?P<rune>\'(?:[^\'\\\n]|\\.)*\')'
    r"|(?P<name>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)|(?P<num>[0-9][0-9.]*)"
    r"|(?P<op>:=|\.\.\.|[-+*/(){}\[\],;=:&<>!%|^.~?#@$\\])",
    re.S,
)
_ENDS_STATEMENT = {"name", "str", "raw", "num", "rune"}
_GO_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "'": "'", "a": "\a"}


def _go_string(text: str) -> str:
    """The value of an interpreted Go string literal (quotes included)."""
    out = []
    body = text[1:-1]
    i = 0
    while i < len(body):
        ch = body[i]
        if ch != "\\":
            out.append(ch)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt == "x":
            out.append(chr(int(body[i + 2 : i + 4], 16)))
            i += 4
        elif nxt == "u":
            out.append(chr(int(body[i + 2 : i + 6], 16)))
            i += 6
        else:
            out.append(_GO_ESCAPES.get(nxt, "\\" + nxt))
            i += 2
    return "".join(out)


def tokens(source: str) -> list[tuple[str, str]]:
    """Go tokens, with the semicolons Go inserts at line ends."""
    out: list[tuple[str, str]] = []
    for match in _TOKEN.finditer(source):
        kind = match.lastgroup or ""
        text = match.group()
        if kind in ("ws", "comment") and "\n" not in text:
            continue
        if kind == "nl" or kind == "comment":
            if out and (out[-1][0] in _ENDS_STATEMENT or out[-1][1] in (")", "]", "}")):
                out.append(("op", ";"))
            continue
        if kind == "str":
            out.append(("str", _go_string(text)))
        elif kind == "raw":
            out.append(("str", text[1:-1].replace("\r", "")))
        else:
            out.append((kind, text))
    return out


Value = str | list[str] | None


@dataclass
class Evaluator:
    """Evaluates one rule function's statements: variables, then Validate's lists."""

    helpers: dict[str, Callable[..., Value]]
    rnd: random.Random
    env: dict[str, Value] = field(default_factory=dict)
    toks: list[tuple[str, str]] = field(default_factory=list)
    pos: int = 0

    def peek(self, ahead: int = 0) -> str:
        i = self.pos + ahead
        return self.toks[i][1] if i < len(self.toks) else ""

    def take(self) -> tuple[str, str]:
        tok = self.toks[self.pos]
        self.pos += 1
        return tok

    def expect(self, text: str) -> None:
        if self.take()[1] != text:
            raise SyntaxError(text)

    def skip_statement(self) -> None:
        depth = 0
        while self.pos < len(self.toks):
            text = self.take()[1]
            if text in "([{":
                depth += 1
            elif text in ")]}":
                depth -= 1
            elif text == ";" and depth <= 0:
                return

    def expression(self) -> Value:
        value = self.term()
        while self.peek() == "+":
            self.take()
            right = self.term()
            value = value + right if isinstance(value, str) and isinstance(right, str) else None
        return value

    def arguments(self) -> list[tuple[Value, bool]]:
        self.expect("(")
        args: list[tuple[Value, bool]] = []
        while self.peek() != ")":
            while self.peek() == ";":
                self.take()
            if self.peek() == ")":
                break
            value = self.expression()
            spread = self.peek() == "..."
            if spread:
                self.take()
            args.append((value, spread))
            if self.peek() == ",":
                self.take()
            while self.peek() == ";":
                self.take()
        self.expect(")")
        return args

    def composite(self) -> list[str] | None:
        """``{a, b}`` of a ``[]string``, or the values of a ``map[string]string``."""
        self.expect("{")
        items: list[str] | None = []
        while self.peek() != "}":
            if self.peek() in (",", ";"):
                self.take()
                continue
            value = self.expression()
            if self.peek() == ":":  # a map key: keep the value
                self.take()
                value = self.expression()
            if isinstance(value, str) and items is not None:
                items.append(value)
            else:
                items = None
        self.expect("}")
        return items

    def term(self) -> Value:
        kind, text = self.take()
        if kind == "str":
            return text
        if text == "(":
            value = self.expression()
            self.expect(")")
            return value
        if text == "[":  # []string{...}
            self.expect("]")
            self.take()
            return self.composite()
        if text == "map":  # map[string]string{...}
            while self.peek() != "{":
                self.take()
            return self.composite()
        if kind == "num":
            return text
        if kind != "name":
            raise SyntaxError(text)
        if self.peek() != "(":
            return self.env.get(text)
        args = self.arguments()
        if text == "append":
            first = args[0][0]
            if not isinstance(first, list):
                return None
            out = list(first)
            for value, spread in args[1:]:
                if spread and isinstance(value, list):
                    out.extend(value)
                elif isinstance(value, str):
                    out.append(value)
                else:
                    return None
            return out
        helper = self.helpers.get(text)
        values = [value for value, _ in args]
        if helper is None or any(value is None for value in values):
            return None
        return helper(self, *values)

    def run(self, body: list[tuple[str, str]]) -> tuple[Value, Value]:
        """Run the statements; return Validate's positives and negatives."""
        self.toks, self.pos = body, 0
        while self.pos < len(self.toks):
            start = self.pos
            try:
                if self.peek() == "return" and self.peek(1).startswith("utils.Validate"):
                    self.take()
                    self.take()
                    args = self.arguments()
                    return args[1][0], args[2][0]
                if self.peek() == "var":
                    self.take()
                name = self.peek()
                if self.toks[self.pos][0] == "name" and self.peek(1) in (":=", "="):
                    self.pos += 2
                    value = self.expression()
                    if self.peek() in (";", ""):
                        self.env[name] = value
                        continue
                self.pos = start
                self.skip_statement()
            except (SyntaxError, IndexError, ValueError, TypeError):
                self.pos = start
                self.skip_statement()
        return None, None


def _sprintf(_: Evaluator, form: str, *args: str) -> str:
    values = iter(args)
    return re.sub(
        r"%[-+# 0-9.]*[sdvq%]", lambda m: "%" if m.group() == "%%" else next(values), form
    )


def sample(pattern: str, rnd: random.Random) -> str:
    """A string matching ``pattern``, drawn with ``rnd`` (counts near their minimum)."""
    # the standard library's own regex parser (``sre_parse`` before 3.11)
    new = sys.version_info >= (3, 11)
    parser: Any = importlib.import_module("re._parser" if new else "sre_parse")
    c: Any = importlib.import_module("re._constants" if new else "sre_constants")

    tree = parser.parse(pattern.replace("(?i)", ""))
    groups: dict[int, str] = {}
    word = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"

    def one_of(items: list[tuple[Any, Any]]) -> str:
        chars: list[str] = []
        negate = False
        for op, av in items:
            if op is c.NEGATE:
                negate = True
            elif op is c.LITERAL:
                chars.append(chr(av))
            elif op is c.RANGE:
                lo, hi = av
                chars.extend(chr(x) for x in range(lo, hi + 1))
            elif op is c.CATEGORY:
                chars.extend(
                    "0123456789"
                    if av is c.CATEGORY_DIGIT
                    else " "
                    if av is c.CATEGORY_SPACE
                    else word
                )
        if negate:
            chars = [ch for ch in word if ch not in chars]
        return rnd.choice(chars)

    def walk(nodes: Any) -> str:
        out = []
        for op, av in nodes:
            if op is c.LITERAL:
                out.append(chr(av))
            elif op is c.NOT_LITERAL:
                out.append(rnd.choice([ch for ch in word if ord(ch) != av]))
            elif op is c.ANY:
                out.append(rnd.choice(word))
            elif op is c.IN:
                out.append(one_of(av))
            elif op is c.CATEGORY:
                out.append(one_of([(op, av)]))
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT, c.POSSESSIVE_REPEAT):
                lo, hi, sub = av
                top = lo + 4 if hi is c.MAXREPEAT else hi
                out.extend(walk(sub) for _ in range(rnd.randint(lo, max(lo, top))))
            elif op is c.SUBPATTERN:
                group, _, _, sub = av
                text = walk(sub)
                if group:
                    groups[group] = text
                out.append(text)
            elif op is c.BRANCH:
                out.append(walk(rnd.choice(av[1])))
            elif op is c.GROUPREF:
                out.append(groups.get(av, ""))
        return "".join(out)

    return walk(tree)


def _helpers(templates: list[str], single: str) -> dict[str, Callable[..., Value]]:
    def sized(form: str) -> Callable[..., Value]:
        return lambda _, size: form.replace("N", size)

    def samples(_: Evaluator, ident: str, secret: str) -> list[str]:
        return [
            t.replace("{i}", ident).replace("{I}", ident.upper()).replace("{s}", secret)
            for t in templates
        ]

    return {
        "secrets.NewSecret": lambda ev, pattern: sample(pattern, ev.rnd),
        "utils.Numeric": sized("[0-9]{N}"),
        "utils.Hex": sized("[a-f0-9]{N}"),
        "utils.AlphaNumeric": sized("[a-z0-9]{N}"),
        "utils.AlphaNumericExtendedShort": sized("[a-z0-9_-]{N}"),
        "utils.AlphaNumericExtended": sized(r"[a-z0-9=_\-]{N}"),
        "utils.AlphaNumericExtendedLong": sized(r"[a-z0-9\/=_\+\-]{N}"),
        "utils.Hex8_4_4_4_12": lambda _: (
            "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
        ),
        "Numeric": sized("[0-9]{N}"),
        "Hex": sized("[a-f0-9]{N}"),
        "AlphaNumeric": sized("[a-z0-9]{N}"),
        "fmt.Sprintf": _sprintf,
        "utils.GenerateSampleSecrets": samples,
        "utils.GenerateSampleSecret": lambda _, ident, secret: _sprintf(_, single, ident, secret),
        "strings.ToUpper": lambda _, s: s.upper(),
        "strings.ToLower": lambda _, s: s.lower(),
    }


def sample_templates(source: Source) -> tuple[list[str], str]:
    """The templates ``GenerateSampleSecrets`` fills in, and ``GenerateSampleSecret``'s."""
    text = source.read("cmd/generate/config/utils/generate.go")
    many = text[text.index("func GenerateSampleSecrets") :]
    many = many[: many.index("replacer")]
    found: list[str] = []
    for line in tokens_lines(many):
        found.append(line)
    one = text[text.index("func GenerateSampleSecret(") :]
    single = next(t for kind, t in tokens(one) if kind == "str")
    return found, single


def tokens_lines(text: str) -> list[str]:
    """The values of ``"key": value,`` entries in a Go map literal."""
    toks = tokens(text)
    return [
        toks[i + 2][1]
        for i in range(len(toks) - 2)
        if toks[i][0] == "str" and toks[i + 1][1] == ":" and toks[i + 2][0] == "str"
    ]


def rule_functions(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """``(rule id, body tokens)`` for each rule function of one file."""
    out = []
    for chunk in re.split(r"\nfunc ", text)[1:]:
        ids = re.findall(r'RuleID:\s*"([^"]+)"', chunk)
        if len(ids) != 1:
            continue
        out.append((ids[0], tokens(chunk[chunk.index("{") + 1 :])))
    return out


# --- measuring --------------------------------------------------------------------------


@dataclass
class Rule:
    id: str
    regex: re.Pattern[str] | None
    group: int | None
    tps: list[str] = field(default_factory=list)
    fps: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    unknown: int = 0  # positives where the rule's regex finds nothing to call the secret
    entropy: float = 0.0
    allowed: list[str] = field(default_factory=list)  # exact values its allowlist names
    left_out: dict[str, list[str]] = field(default_factory=dict)  # negatives, by why


def _compile(pattern: str) -> re.Pattern[str] | None:
    import warnings

    warnings.simplefilter("ignore", FutureWarning)  # Go's [[:alnum:]] reads as a nested set
    for attempt in (pattern, "(?i)" + pattern.replace("(?i)", "")):
        try:
            return re.compile(attempt)
        except re.error:
            continue
    return None


def secret_of(rule: Rule, text: str) -> str | None:
    if rule.regex is None:
        return None
    match = rule.regex.search(text)
    if match is None:
        return None
    if rule.group is not None and match.group(rule.group):
        return match.group(rule.group)
    return next((g for g in match.groups() if g), match.group())


def rule_regexes(config: str) -> dict[str, dict[str, Any]]:
    """Each rule's ``regex`` and ``secretGroup`` from the generated ``gitleaks.toml``
    (its rules are flat tables with ``'''``-quoted regexes)."""
    found: dict[str, dict[str, Any]] = {}
    for block in config.split("[[rules]]")[1:]:
        ident = re.search(r'^id = "([^"]+)"', block, re.M)
        regex = re.search(r"^regex = '''(.*?)'''", block, re.M | re.S)
        group = re.search(r"^secretGroup = ([0-9]+)", block, re.M)
        if ident is None:
            continue
        spec: dict[str, Any] = {}
        if regex is not None:
            spec["regex"] = regex.group(1)
        if group is not None:
            spec["secretGroup"] = int(group.group(1))
        entropy = re.search(r"^entropy = ([0-9.]+)", block, re.M)
        if entropy is not None:
            spec["entropy"] = float(entropy.group(1))
        # allowlist regexes that are plain text: values allowed by their exact text
        allowed = re.search(r"^regexes = \[(.*?)^\]", block, re.M | re.S)
        if allowed is not None:
            entries = re.findall(r"'''(.*?)'''", allowed.group(1))
            spec["allowed"] = [e for e in entries if re.fullmatch(r"[\w-]{16,}", e)]
        found.setdefault(ident.group(1), spec)
    return found


def load(source: Source) -> tuple[list[Rule], list[str]]:
    regexes = rule_regexes(source.read("config/gitleaks.toml"))
    templates, single = sample_templates(source)
    helpers = _helpers(templates, single)
    rules, unread = [], []
    for rel in source.rule_files():
        for rule_id, body in rule_functions(source.read(rel)):
            ev = Evaluator(helpers, random.Random(rule_id))
            tps, fps = ev.run(body)
            if not isinstance(tps, list):
                unread.append(rule_id)
                continue
            spec = regexes.get(rule_id, {})
            rule = Rule(
                rule_id,
                _compile(spec["regex"]) if "regex" in spec else None,
                spec.get("secretGroup"),
            )
            rule.tps = [t for t in tps if t]
            rule.fps = [f for f in fps if f] if isinstance(fps, list) else []
            rule.entropy = spec.get("entropy", 0.0)
            rule.allowed = spec.get("allowed", [])
            rules.append(rule)
    judges = [
        Rule(
            rule_id,
            _compile(spec["regex"]),
            spec.get("secretGroup"),
            entropy=spec.get("entropy", 0.0),
        )
        for rule_id, spec in regexes.items()
        if "regex" in spec
    ]
    leave_out(rules, judges)
    return rules, unread


def shannon(text: str) -> float:
    """Bits per character, as gitleaks computes a secret's entropy."""
    import math

    counts = [text.count(ch) for ch in set(text)]
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts) if text else 0.0


def reports(rule: Rule, text: str) -> bool:
    """Whether ``rule`` would report ``text``: its regex finds a secret of its entropy."""
    secret = secret_of(rule, text)
    return secret is not None and shannon(secret) >= rule.entropy


def leave_out(rules: list[Rule], judges: list[Rule]) -> None:
    """Move each rule's negatives that ``NEGATIVES_LEFT_OUT`` names out of ``fps``;
    ``judges`` are all the ruleset's rules, those whose examples could not be read too."""
    for rule in rules:
        kept = []
        for text in rule.fps:
            if any(value in text for value in rule.allowed):
                rule.left_out.setdefault("allow-listed", []).append(text)
            elif any(other.id != rule.id and reports(other, text) for other in judges):
                rule.left_out.setdefault("reported elsewhere", []).append(text)
            else:
                kept.append(text)
        rule.fps = kept


def measure(rules: list[Rule], redact: Callable[[str], str]) -> None:
    for rule in rules:
        for text in rule.tps:
            secret = secret_of(rule, text)
            if secret is None:
                rule.unknown += 1
            elif secret in redact(text):
                rule.missed.append(text)
        rule.changed = [text for text in rule.fps if redact(text) != text]


def _ratio(part: int, whole: int) -> str:
    return f"{part / whole:.3f}" if whole else "  -  "


def report(rules: list[Rule], unread: list[str], show: bool) -> int:
    counted = [r for r in rules if r.id not in EXCLUDED]
    tps = sum(len(r.tps) - r.unknown for r in counted)
    hit = tps - sum(len(r.missed) for r in counted)
    fps = sum(len(r.fps) for r in counted)
    over = sum(len(r.changed) for r in counted)
    print(f"{'rule':44} {'tps':>4} {'recall':>6} {'fps':>4} {'over':>6}")
    below = []
    for rule in rules:
        n = len(rule.tps) - rule.unknown
        recall = (n - len(rule.missed)) / n if n else 1.0
        changed = len(rule.changed) / len(rule.fps) if rule.fps else 0.0
        mark = " (excluded)" if rule.id in EXCLUDED else ""
        print(
            f"{rule.id:44} {n:4} {_ratio(n - len(rule.missed), n):>6} {len(rule.fps):4}"
            f" {_ratio(len(rule.changed), len(rule.fps)):>6}{mark}"
        )
        if not mark and (recall < RECALL_TARGET or changed > OVER_TARGET):
            below.append(rule)
        if show:
            for text in rule.missed:
                print(f"    missed: {text[:160]!r}")
            for text in rule.changed:
                print(f"    changed: {text[:160]!r}")
    print()
    print(f"rules read: {len(rules)}, counted: {len(counted)}, excluded: {len(EXCLUDED)}")
    if unread:
        print(f"rules whose examples could not be read: {', '.join(unread)}")
    print(f"recall on positives: {hit}/{tps} = {_ratio(hit, tps)} (target >= {RECALL_TARGET})")
    print(
        f"over-redaction on negatives: {over}/{fps} = {_ratio(over, fps)} (target <= {OVER_TARGET})"
    )
    for why, what in NEGATIVES_LEFT_OUT.items():
        left = [(r.id, len(r.left_out[why])) for r in counted if r.left_out.get(why)]
        print(f"negatives left out, {what}: {sum(n for _, n in left)}")
        print("  " + ", ".join(f"{rule_id} {n}" for rule_id, n in left))
        for rule in counted if show else []:
            for text in rule.left_out.get(why, []):
                print(f"    left out ({rule.id}): {text[:160]!r}")
    print(f"rules below target: {len(below)}")
    for rule in below:
        print(f"  {rule.id}: missed {len(rule.missed)}, changed {len(rule.changed)}")
    print("excluded:")
    for rule_id, why in EXCLUDED.items():
        print(f"  {rule_id}: {why}")
    ok = tps and hit / tps >= RECALL_TARGET and (not fps or over / fps <= OVER_TARGET)
    return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", help="a gitleaks checkout, or its git directory")
    parser.add_argument("--rule", action="append", help="only this rule id (repeatable)")
    parser.add_argument("--show", action="store_true", help="print each missed or changed example")
    args = parser.parse_args()
    from caveat.common.sanitize import redact

    rules, unread = load(Source(args.path))
    if args.rule:
        rules = [r for r in rules if r.id in args.rule]
    measure(rules, redact)
    return report(rules, unread, args.show)


if __name__ == "__main__":
    sys.exit(main())
