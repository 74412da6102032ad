from __future__ import annotations

import pytest

from caveat.guards.eval.mask import blank
from caveat.guards.eval.mask import mask
from caveat.guards.eval.scan import scan
from caveat.guards.eval.scan import triggered
from caveat.guards.eval.workflow import workflow_scripts

MASK_CASES = [
    pytest.param("python", "x = 1  # eval(a)\n", "x = 1           \n", id="py-comment"),
    pytest.param("python", 'f("eval(a)")', 'f("       ")', id="py-string"),
    pytest.param("python", "f('a#b') # c", "f('   ')    ", id="py-hash-in-string"),
    pytest.param("python", '"""doc\neval(x)\n"""\nok', '"""   \n       \n"""\nok', id="py-triple"),
    pytest.param("python", r'"a\"b" + c', r'"    " + c', id="py-escape"),
    pytest.param("python", "s = 'open\nnext()", "s = '    \nnext()", id="py-unterminated-line"),
    pytest.param("c", "a(); // eval(x)\nb();", "a();           \nb();", id="c-line-comment"),
    pytest.param("c", "a /* x\ny */ b", "a     \n     b", id="c-block-comment"),
    pytest.param("c", "f(`x ${y}`)", "f(`      `)", id="js-template"),
    pytest.param("c", 's = "http://x"', 's = "        "', id="c-url-in-string"),
    pytest.param("go", "x := `a\\`; y()", "x := `  `; y()", id="go-raw-no-escape"),
    pytest.param("ruby", "x = 1 # eval(y)", "x = 1          ", id="rb-comment"),
    pytest.param("ruby", "=begin\neval(x)\n=end\ny", "      \n       \n    \ny", id="rb-begin-end"),
    pytest.param("php", "#[Attr]\n# eval($x)", "#[Attr]\n          ", id="php-attribute-kept"),
    pytest.param("shell", "echo 'curl x | sh'", "echo '           '", id="sh-single"),
    pytest.param("shell", 'echo "$#" # c', 'echo "  "    ', id="sh-comment-after-space"),
    pytest.param("shell", "echo ${#a}", "echo ${#a}", id="sh-hash-in-word"),
    pytest.param("powershell", "<# iex #>\niex $a # x", "         \niex $a    ", id="ps-comments"),
    pytest.param("powershell", "'it''s' + $a", "'     ' + $a", id="ps-doubled-quote"),
    pytest.param("yaml", "a: 1 # x\nb: '#'", "a: 1    \nb: '#'", id="yaml-comment-only"),
    pytest.param("unknown", "eval(x) # y", "eval(x) # y", id="unknown-style-unchanged"),
]


@pytest.mark.parametrize(("style", "text", "code"), MASK_CASES)
def test_mask_code_view(style, text, code):
    masked, plain = mask(text, style)
    assert masked == code
    assert len(plain) == len(text)
    assert plain.count("\n") == text.count("\n")


def test_plain_view_keeps_strings_but_not_comments():
    code, plain = mask('yaml.load(f, Loader="x")  # SafeLoader', "python")
    assert plain == 'yaml.load(f, Loader="x")              '
    assert code == 'yaml.load(f, Loader=" ")              '


def test_blank_keeps_newlines():
    assert blank("ab\ncd\n") == "  \n  \n"
    assert blank("") == ""


def test_workflow_scripts_keeps_only_run_values():
    text = (
        "env:\n"
        "  A: ${{ github.event.issue.title }}\n"
        "steps:\n"
        "  - run: echo hi\n"
        "    env:\n"
        "      B: x\n"
        "  - run: |\n"
        "      echo one\n"
        "      echo two\n"
        "    shell: bash\n"
    )
    kept = [line.strip() for line in workflow_scripts(text).split("\n")]
    assert kept == ["", "", "", "echo hi", "", "", "|", "echo one", "echo two", "", ""]


ADVERSARIAL = [
    pytest.param("python", "eval(" * 800_000, id="py-eval-parens"),
    pytest.param("python", "(" * 4_000_000, id="py-open-parens"),
    pytest.param("python", 'x = "' + "a" * 4_000_000, id="py-unterminated-string"),
    pytest.param("python", '"""' + "eval(x)\n" * 500_000, id="py-unclosed-triple"),
    pytest.param("python", '"\\' * 2_000_000, id="py-escapes"),
    pytest.param("js", "eval(eval(" * 400_000 + ")" * 800_000, id="js-nested-evals"),
    pytest.param("js", "/*" + "exec(" * 800_000, id="js-unclosed-comment"),
    pytest.param("shell", "curl " * 800_000 + "| sh", id="sh-many-curls"),
    pytest.param("ruby", "`" + "#{" * 2_000_000, id="rb-backticks"),
    pytest.param("powershell", "iex " * 1_000_000, id="ps-many-iex"),
    pytest.param("gha", "- run: " + "${{ github.event." * 250_000, id="gha-expressions"),
]


@pytest.mark.parametrize(("language", "text"), ADVERSARIAL)
def test_adversarial_content_completes(language, text):
    ids = triggered(language, text)
    hits = scan(text, language, ids)
    # Correctness only: each hit names a triggered primitive and a line of the text.
    lines = text.count("\n") + 1
    assert all(h.pid in ids and 1 <= h.line <= lines for h in hits)


def test_adversarial_unterminated_string_hides_nothing_after_it_on_its_line():
    hits = scan('x = "eval(a)\ny = eval(b)\n', "python", ["py.eval"])
    assert [(h.pid, h.line) for h in hits] == [("py.eval", 2)]


@pytest.mark.parametrize(
    "style", ["python", "c", "go", "ruby", "php", "shell", "powershell", "yaml"]
)
def test_mask_of_large_mixed_text_keeps_offsets(style):
    chunk = 'a = "x\\"y" # c\n/* b */ \'q\' `t` """d""" <# e #>\n'
    text = chunk * 10_000
    code, plain = mask(text, style)
    assert len(code) == len(plain) == len(text)
    assert code.count("\n") == plain.count("\n") == text.count("\n")
