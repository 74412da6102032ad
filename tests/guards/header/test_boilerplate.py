"""The header guard on a project whose CI checks a long-form license block
(kubernetes' ``hack/verify-boilerplate.sh`` and ``hack/boilerplate/boilerplate.*.txt``)."""

from __future__ import annotations

import os
import time

import pytest

from caveat.guards.header import boilerplate
from tests.guards.header.helpers import put
from tests.guards.header.helpers import write
from tests.helpers import commit_all

APACHE = """\
Copyright {year}The Kubernetes Authors.

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
"""


def c_block(year: str) -> str:
    return "/*\n" + APACHE.format(year=year) + "*/\n"


def hash_block(year: str) -> str:
    lines = APACHE.format(year=year).splitlines()
    return "".join(("# " + x).rstrip() + "\n" for x in lines)


GO_TEMPLATE = c_block("YEAR ")
SH_TEMPLATE = hash_block("YEAR ")
CHECKER = "#!/usr/bin/env bash\n# verifies every file starts with its boilerplate\nexit 0\n"


def project(folder, carried=6, plain=1, checker=True, files=None):
    """A kubernetes-style repository: templates, a checker, Go files with the block."""
    put(folder, "hack/boilerplate/boilerplate.go.txt", GO_TEMPLATE)
    put(folder, "hack/boilerplate/boilerplate.sh.txt", SH_TEMPLATE)
    if checker:
        put(folder, "hack/verify-boilerplate.sh", CHECKER)
    for i in range(carried):
        put(folder, f"pkg/a/f{i}.go", c_block(f"{2014 + i} ") + f"\npackage a\n\nvar X{i} = {i}\n")
    for i in range(plain):
        put(folder, f"pkg/b/p{i}.go", f"package b\n\nvar Y{i} = {i}\n")
    for i in range(6):
        put(folder, f"hack/s{i}.sh", "#!/usr/bin/env bash\n\n" + hash_block("2019 ") + "\necho\n")
    for rel, text in (files or {}).items():
        put(folder, rel, text)
    commit_all(folder)
    return folder


@pytest.fixture
def kube(tmp_path):
    return project(str(tmp_path / "kube"))


def test_a_new_go_file_without_the_block_gets_the_advice_naming_its_source(kube):
    findings = write(kube, "pkg/c/new.go", "package c\n\nfunc F() {}\n")
    assert len(findings) == 1
    finding = findings[0]
    values = finding.value_map()
    assert finding.variant == "boilerplate" and finding.message == "pretooluse-write-header-guard"
    assert values["expected"] == "hack/boilerplate/boilerplate.go.txt"
    assert values["source"] == (
        "hack/verify-boilerplate.sh checks it; 6 of 7 sampled files of this type carry it"
    )
    assert values["position"] == "at the top of the file"


def test_a_shell_script_gets_its_own_template_after_the_shebang(kube):
    values = write(kube, "hack/new.sh", "#!/usr/bin/env bash\necho hi\n")[0].value_map()
    assert values["expected"] == "hack/boilerplate/boilerplate.sh.txt"
    assert values["position"] == "after the shebang line"


CARRYING = [
    pytest.param(c_block("2026 ") + "\npackage c\n", id="current-year"),
    pytest.param(c_block("") + "\npackage c\n", id="no-year"),
    pytest.param(c_block("2014-2026 ") + "\npackage c\n", id="year-range"),
    pytest.param("//go:build linux\n\n" + c_block("2026 ") + "\npackage c\n", id="after-build-tag"),
    pytest.param(
        "".join("// " + x + "\n" for x in APACHE.format(year="2026 ").splitlines())
        + "\npackage c\n",
        id="line-comments",
    ),
]


@pytest.mark.parametrize("text", CARRYING)
def test_a_file_carrying_the_block_is_silent(kube, text):
    assert write(kube, "pkg/c/new.go", text) == []


def test_a_block_with_other_words_fires(kube):
    text = c_block("2026 ").replace("Kubernetes Authors", "Acme Corp") + "\npackage c\n"
    assert len(write(kube, "pkg/c/new.go", text)) == 1


SILENT_PROJECTS = [
    pytest.param({"checker": False}, id="no-checker"),
    pytest.param({"carried": 4, "plain": 0}, id="too-few-files-carry-it"),
    pytest.param({"carried": 5, "plain": 6}, id="not-most-files-carry-it"),
]


@pytest.mark.parametrize("shape", SILENT_PROJECTS)
def test_without_the_whole_policy_the_guard_is_silent(tmp_path, shape):
    folder = project(str(tmp_path / "p"), **shape)
    assert write(folder, "pkg/c/new.go", "package c\n") == []


def test_a_workflow_that_verifies_the_boilerplate_is_a_checker(tmp_path):
    workflow = "jobs:\n  v:\n    steps:\n      - run: make verify-boilerplate\n"
    folder = project(
        str(tmp_path / "p"), checker=False, files={".github/workflows/ci.yml": workflow}
    )
    assert (
        write(folder, "pkg/c/new.go", "package c\n")[0]
        .value_map()["source"]
        .startswith(".github/workflows/ci.yml checks it")
    )


def test_the_checkers_own_fixtures_are_left_alone(kube):
    # verify-boilerplate skips hack/boilerplate/test: files made to fail the check
    assert write(kube, "hack/boilerplate/test/fail.go", "package test\n") == []


def test_file_types_without_a_template_are_silent(kube):
    assert write(kube, "tools/x.py", "print(1)\n") == []


def test_edits_and_generated_files_are_left_alone(kube):
    generated = "// Code generated by controller-gen. DO NOT EDIT.\n\npackage c\n"
    assert write(kube, "pkg/c/zz_generated.go", generated) == []


def test_spdx_projects_keep_their_spdx_policy(tmp_path):
    spdx = {
        f"pkg/s/t{i}.go": f"// SPDX-License-Identifier: MIT\npackage s\n// {i}\n" for i in range(20)
    }
    folder = project(str(tmp_path / "p"), carried=6, plain=0, files=spdx)
    finding = write(folder, "pkg/c/new.go", "package c\n")[0]
    assert finding.variant == "" and "SPDX" in finding.value_map()["expected"]


def test_words_set_comment_markers_and_years_aside():
    assert boilerplate.words(c_block("2014 ")) == boilerplate.words(hash_block("YEAR "))
    assert boilerplate.words("/*\nCopyright 2014-2020, A.\n*/") == ["Copyright", "A."]


# Hostile projects: the template and the sampled files are read as data, bounded.


def hostile(folder, kind):
    project(folder, plain=0)
    template = os.path.join(folder, "hack", "boilerplate", "boilerplate.go.txt")
    sample = os.path.join(folder, "pkg", "a", "f0.go")
    if kind == "fifo-template":
        os.unlink(template)
        os.mkfifo(template)
    elif kind == "fifo-sample":
        os.unlink(sample)
        os.mkfifo(sample)
    elif kind == "symlink-template":
        outside = os.path.join(os.path.dirname(folder), "outside.txt")
        with open(outside, "w") as handle:
            handle.write("/*\nsecret words from outside the project, many of them\n*/\n")
        os.unlink(template)
        os.symlink(outside, template)
    elif kind == "huge-template":
        with open(template, "w") as handle:
            handle.write(GO_TEMPLATE * 4000)
    elif kind == "binary-template":
        with open(template, "wb") as handle:
            handle.write(b"\0\xff" * 5000)
    return folder


@pytest.mark.parametrize(
    "kind", ["fifo-template", "fifo-sample", "symlink-template", "huge-template", "binary-template"]
)
def test_hostile_templates_and_samples_never_block_or_leak(tmp_path, kind):
    folder = hostile(str(tmp_path / "h"), kind)
    started = time.monotonic()
    findings = write(folder, "pkg/c/new.go", "package c\n")
    assert time.monotonic() - started < 10
    for finding in findings:
        assert "secret words" not in repr(finding.value_map())
    if kind in ("fifo-template", "huge-template", "binary-template", "symlink-template"):
        assert findings == []  # no block to learn: nothing is invented
    else:
        assert [f.variant for f in findings] == ["boilerplate"]  # the FIFO is skipped


def test_learned_through_the_hostile_repositorys_fifos(tmp_path):
    from tests.hostile import git as hostile_git

    made = hostile_git.fifo_boilerplate(tmp_path)
    try:
        findings = write(made.project, "src/new.py", "x = 1\n")
    finally:
        made.release()
    # the FIFO template is no template, the FIFO source is not read, the rest counts
    assert [f.variant for f in findings] == ["boilerplate"]
    assert findings[0].value_map()["expected"] == "hack/boilerplate/boilerplate.py.txt"
    assert "8 of 8 sampled" in findings[0].value_map()["source"]
    assert write(made.project, "src/x.go", "package x\n") == []
