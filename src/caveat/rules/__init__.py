"""Guard data. This package's own module holds what every call needs: the cheap
pre-filters of the guards that would otherwise load a data module each on the silent
path (one module fewer each time a hook starts). The full tables live in the modules
beside it and are loaded only when a pre-filter passes; tests keep the two in step.
"""

from __future__ import annotations

# ---- dependency guard (full tables: dependency_files, dependency_commands) ----

# Cheap pre-filter data. Every rule must be reachable through at least one of these.
DEPENDENCY_BASENAMES = frozenset(
    {
        "pyproject.toml", "setup.py", "setup.cfg", "Pipfile", "Pipfile.lock", "pixi.toml",
        "pixi.lock", "environment.yml", "environment.yaml", "poetry.lock", "pdm.lock",
        "uv.lock", "pylock.toml", ".python-version", "runtime.txt", "package.json",
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
        "bun.lock", "bun.lockb", "deno.json", "deno.jsonc", "deno.lock", "package.js",
        "pnpm-workspace.yaml", ".npmrc", ".yarnrc", ".yarnrc.yml", "bunfig.toml", ".nvmrc",
        ".node-version", ".bun-version", "Cargo.toml", "Cargo.lock", "rust-toolchain",
        "rust-toolchain.toml", "go.mod", "go.work", "go.sum", "go.work.sum", "modules.txt",
        "pom.xml", "pom.template.xml", "settings.xml", "extensions.xml",
        "maven-wrapper.properties", "gradle.lockfile", "buildscript-gradle.lockfile",
        "verification-metadata.xml", "gradle-wrapper.properties", "gradle.properties",
        "repositories", "build.properties", "project.clj", "deps.edn", "bb.edn",
        "build.xml", "ivy.xml", "packages.lock.json", "paket.lock", "packages.config",
        "dotnet-tools.json", "paket.dependencies", "global.json", "project.assets.json",
        "Gemfile", "gems.rb", "Gemfile.lock", "gems.locked", ".ruby-version", "Puppetfile",
        "Brewfile", "composer.json", "composer.lock", "Package.swift", "Package.resolved",
        "Podfile", "Podfile.lock", "Cartfile", "Cartfile.resolved", "Mintfile",
        "project.yml", "pubspec.yaml", "pubspec.yml", "pubspec.lock", ".fvmrc",
        "fvm_config.json", "mix.exs", "mix.lock", "gleam.toml", "manifest.toml",
        "rebar.config", "rebar.lock", "cabal.project", "cabal.project.freeze", "stack.yaml",
        "stack.yaml.lock", "package.yaml", "Project.toml", "JuliaProject.toml",
        "Manifest.toml", "JuliaManifest.toml", "renv.lock", "DESCRIPTION", "conan.lock",
        "conanfile.txt", "conanfile.py", "vcpkg.json", "vcpkg-configuration.json",
        "cpanfile", "cpanfile.snapshot", "MODULE.bazel", "MODULE.bazel.lock",
        "maven_install.json", "WORKSPACE", "WORKSPACE.bazel", "WORKSPACE.bzlmod",
        ".bazelversion", "flake.nix", "flake.lock", "devbox.json", "devbox.lock",
        ".terraform.lock.hcl", "terragrunt.hcl", ".tflint.hcl", ".terraform-version",
        ".terragrunt-version", ".opentofu-version", "DOCKERFILE", "Chart.yaml",
        "Chart.yml", "Chart.lock", "requirements.yaml", "values.yaml", "values.yml",
        "helmfile.yaml", "helmfile.yaml.gotmpl", "helmfile.lock", "kustomization.yaml",
        "kustomization.yml", "jsonnetfile.json", "jsonnetfile.lock.json", "vendir.yml",
        "vendir.lock.yml", ".devcontainer.json", "devcontainer.json", "action.yml",
        "action.yaml", ".gitlab-ci.yml", ".gitlab-ci.yaml", ".drone.yml", ".travis.yml",
        "bitrise.yml", "buildkite.yml", "cloudbuild.yml", "cloudbuild.yaml",
        ".woodpecker.yml", ".crow.yml", ".vela.yml", "plugins.txt",
        ".pre-commit-config.yaml", ".pre-commit-config.yml", ".gitmodules", ".tool-versions",
        "mise.lock", "mise.toml", ".mise.toml", ".rtx.toml", ".prototools", "galaxy.yml",
        "requirements.yml", "requirements.ansible.yml",
    }
)  # fmt: skip

DEPENDENCY_SUFFIXES = (
    ".pom", ".gradle", ".gradle.kts", ".versions.toml", ".csproj", ".fsproj", ".vbproj",
    ".vcxproj", ".sqlproj", ".nuspec", ".props", ".targets", ".cake", ".gemspec",
    "-composer.json", ".cabal", ".MODULE.bazel", ".WORKSPACE.bazel", ".bzl", ".tf",
    ".tofu", ".bicep", "ockerfile", "ontainerfile", ".deps.json", "-pipelines.yml",
    ".conda-lock.yml", "conda-lock.yml", ".main.kts", ".sbt", ".pom.xml",
)  # fmt: skip

DEPENDENCY_PREFIXES = (
    "Dockerfile", "dockerfile", "Containerfile", "containerfile", "docker-compose",
    "compose", "pylock.", "azure-pipelines", "values-", "mise.", ".mise.",
)  # fmt: skip

# Substrings of the basename (requirements files come in many spellings).
DEPENDENCY_SUBSTRINGS = ("requirements", "constraints")

# Substrings of the '/'-joined path (tested with a leading '/', as if rooted) that
# put any file under them in a rule: installed and vendored trees.
DEPENDENCY_DIR_PARTS = (
    "/node_modules/", "/site-packages/", "/dist-packages/", ".dist-info/", ".egg-info/",
    "/EGG-INFO/", "/conda-meta/", "/vendor/bundle/", "/Pods/",
)  # fmt: skip

# Folders that hold dependency files of some extensions only: (folder, suffixes).
DEPENDENCY_DIR_SUFFIXES = (
    ("/gradle/", (".toml",)),
    ("/buildSrc/", (".kt",)),
    ("/project/", (".scala",)),
    ("/Formula/", (".rb",)),
    ("/requirements/", (".txt", ".in")),
    ("/mise/", (".toml",)),
    ("/.mise/", (".toml",)),
    ("/.config/mise", (".toml",)),
    ("/.github/", (".yml", ".yaml")),
    ("/.gitea/", (".yml", ".yaml")),
    ("/.forgejo/", (".yml", ".yaml")),
    ("/workflow-templates/", (".yml", ".yaml")),
    ("/.circleci/", (".yml", ".yaml")),
    ("/.azuredevops/", (".yml", ".yaml")),
    ("/.buildkite/", (".yml", ".yaml")),
    ("/.woodpecker/", (".yml", ".yaml")),
    ("/helmfile.d/", (".yaml",)),
    ("/.fvm/", (".json",)),
    ("/obj/", (".json",)),
)

# Words whose presence (lower-cased) lets a command past the cheap pre-filter. Every
# tool and alias above contains one of them.
DEPENDENCY_PREFILTER = (
    "pip",
    "uv ",
    "poetry",
    "pdm",
    "conda",
    "mamba",
    "pixi",
    "npm",
    "yarn",
    "bun",
    "deno",
    "cargo",
    "go ",
    "gem ",
    "bundle",
    "composer",
    "dotnet",
    "paket",
    "nuget",
    "-package",
    "-module",
    "-psresource",
    "gradle",
    "swift",
    "pod ",
    "dart",
    "flutter",
    "mix ",
    "nix",
    "helm",
    "terraform",
    "tofu",
    "apt",
    "dnf",
    "yum",
    "apk ",
    "pacman",
    "yay ",
    "paru ",
    "zypper",
    "brew",
    "port ",
    "snap ",
    "choco",
    "winget",
    "scoop",
)

# A redirect or ``tee`` into a dependency file: the command must also mention one of
# these for the pre-filter to pass.
DEPENDENCY_REDIRECT_HINTS = (
    "requirements",
    "constraints",
    "package",
    ".toml",
    ".lock",
    "go.mod",
    "go.sum",
    "gemfile",
    "pipfile",
    "pom.xml",
    ".gradle",
    "proj",
    "pubspec",
    "composer",
    "podfile",
    "environment.y",
    ".props",
    "lockfile",
    "shrinkwrap",
    "cpanfile",
    "mix.exs",
)


# ---- eval guard (full table: eval_primitives) ----

# Prose and data files are never scanned (F6): text about eval is not eval.
EVAL_SKIP_EXTENSIONS = frozenset(
    {".md", ".mdx", ".markdown", ".rst", ".txt", ".adoc", ".asciidoc", ".json", ".jsonc"}
)

EVAL_EXTENSIONS = {
    ".py": "python",
    ".pyi": "python",
    ".pyw": "python",
    ".ipynb": "python",
    ".js": "js",
    ".jsx": "js",
    ".ts": "js",
    ".tsx": "js",
    ".mjs": "js",
    ".cjs": "js",
    ".mts": "js",
    ".cts": "js",
    ".vue": "js",
    ".svelte": "js",
    ".rb": "ruby",
    ".rake": "ruby",
    ".gemspec": "ruby",
    ".ru": "ruby",
    ".php": "php",
    ".phtml": "php",
    ".java": "java",
    ".kt": "java",
    ".kts": "java",
    ".groovy": "java",
    ".gradle": "java",
    ".scala": "java",
    ".cs": "cs",
    ".go": "go",
    ".sh": "shell",
    ".bash": "shell",
    ".zsh": "shell",
    ".ksh": "shell",
    ".dockerfile": "shell",
    ".ps1": "powershell",
    ".psm1": "powershell",
}

EVAL_BASENAMES = {
    "Dockerfile": "shell",
    "Containerfile": "shell",
    ".bashrc": "shell",
    ".bash_profile": "shell",
    ".profile": "shell",
    ".zshrc": "shell",
    ".zprofile": "shell",
    ".envrc": "shell",
    "Gemfile": "ruby",
    "Rakefile": "ruby",
    "Jenkinsfile": "java",
    "action.yml": "gha",
    "action.yaml": "gha",
}

# First word of a ``#!`` line (after ``env``) → language, for files without extension.
EVAL_SHEBANGS = {
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "ksh": "shell",
    "dash": "shell",
    "python": "python",
    "python3": "python",
    "node": "js",
    "ruby": "ruby",
    "php": "php",
    "pwsh": "powershell",
}

# Literal substrings (per language) without which no primitive can match: the
# cheap pre-filter. A test derives them from PRIMITIVES and compares.
EVAL_TRIGGERS: dict[str, tuple[str, ...]] = {
    "python": (
        "eval",
        "exec(",
        "exec (",
        "__import__",
        "import_module",
        "pickle",
        "dill",
        "shelve",
        "jsonpickle",
        "marshal",
        "read_pickle",
        "joblib",
        "allow_pickle",
        "yaml.",
        "YAML(",
        "YAML (",
        "torch.load",
        "serialization.load",
        "shell=True",
        "shell = True",
        "system",
        "popen",
        "getoutput",
        "getstatusoutput",
        "create_subprocess_shell",
        "exec_command",
        "render_template_string",
        "config.listen",
    ),
    "js": (
        "eval",
        "Function(",
        "Function (",
        "setTimeout",
        "setInterval",
        "setImmediate",
        "execScript",
        "vm.",
        "exec",
        "shell:",
        "shell :",
        "require(",
        "require (",
        "import(",
        "import (",
        "serialize",
        "evaluate",
        "addInitScript",
    ),
    "ruby": (
        "eval",
        "_eval",
        "Marshal",
        "YAML.",
        "Psych.",
        "JSON.load",
        "JSON.restore",
        "Oj",
        "system",
        "exec",
        "spawn",
        "popen",
        "Open3",
        "`",
        "%x",
    ),
    "php": (
        "eval",
        "create_function",
        "unserialize",
        "exec",
        "passthru",
        "proc_open",
        "popen",
        "system",
        "`",
        "include",
        "require",
    ),
    "java": (
        "ObjectInputStream",
        "XMLDecoder",
        "Yaml",
        "DefaultTyping",
        "LaissezFaire",
        "JsonTypeInfo",
        "eval",
        "GroovyShell",
        "Eval.",
        "parseExpression",
        "getRuntime",
        "ProcessBuilder",
    ),
    "cs": (
        "Formatter",
        "NetDataContractSerializer",
        "TypeNameHandling",
        "SimpleTypeResolver",
        "Process.Start",
        "ProcessStartInfo",
    ),
    "go": ("exec.Command", "otto", "goja"),
    "shell": ("curl", "wget"),
    "powershell": ("iex", "invoke-expression"),
    "gha": ("github.event", "github.head_ref", "curl", "wget"),
}

# Languages whose primitives match case-insensitively.
EVAL_CASE_INSENSITIVE = frozenset({"powershell"})


# ---- plan write guard (full table: plans) ----

# Every strong marker below contains one of these (lower case): the pre-filter.
PLAN_PREFILTER = ("phase", "resum", "plan", "status", "progress", "next action")

# Only prose files carry plans; code, data and configuration files are never read
# for plan markers (``phases:`` is a key of AWS buildspec files, ``steps:`` of CI
# workflows).
PLAN_PROSE_SUFFIXES = (
    ".md",
    ".markdown",
    ".mdown",
    ".mkd",
    ".mdx",
    ".txt",
    ".rst",
    ".org",
    ".adoc",
)


# ---- conformity guard (full table: conformity) ----

# … or its file name is one of these (anywhere: memory files and skills).
CONFORMITY_BASENAMES = frozenset(
    {
        "AGENTS.md",
        "AGENTS.override.md",
        "CLAUDE.md",
        "CLAUDE.local.md",
        "GEMINI.md",
        "SKILL.md",
    }
)

CONFORMITY_CODEX_HOME_ENV = "CODEX_HOME"

CONFORMITY_SCOPE_ENV = "CAVEAT_CONFORMITY_SCOPE"

# A path is in scope when it contains one of these folder segments …
CONFORMITY_SEGMENTS = (
    "/.claude/",
    "/.codex/",
    "/.gemini/",
    "/.qwen/",
    "/.cursor/",
    "/.kiro/",
    "/.github/hooks/",
)


# ---- tracking ids guard (full table: tracking_ids) ----

TRACKING_CAMEL_TEST_SUFFIXES = ("Test", "Tests", "Spec")

TRACKING_CODE_BASENAMES = frozenset(
    {"makefile", "gnumakefile", "dockerfile", "containerfile", "justfile", "rakefile"}
)

# Files that are product code: source, templates, styles, build scripts. Prose,
# data and configuration files (.md, .txt, .json, .yaml, .toml …) are not checked.
TRACKING_CODE_EXTENSIONS = frozenset(
    {
        # Python, JavaScript / TypeScript and web frameworks
        ".py", ".pyi", ".pyx", ".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts",
        ".vue", ".svelte", ".astro",
        # JVM, .NET, native
        ".java", ".kt", ".kts", ".scala", ".groovy", ".gradle", ".cs", ".fs", ".vb",
        ".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".m", ".mm", ".swift",
        ".go", ".rs", ".zig", ".d", ".nim",
        # scripting and functional
        ".rb", ".rake", ".php", ".pl", ".pm", ".lua", ".r", ".jl", ".dart", ".ex", ".exs",
        ".erl", ".hrl", ".hs", ".ml", ".mli", ".clj", ".cljs", ".elm", ".fsx", ".tcl",
        # shells and build files
        ".sh", ".bash", ".zsh", ".fish", ".ps1", ".psm1", ".bat", ".cmd", ".mk", ".cmake",
        # queries, schemas, styles, templates
        ".sql", ".graphql", ".gql", ".proto", ".css", ".scss", ".sass", ".less",
        ".html", ".htm", ".jinja", ".j2", ".erb", ".ejs", ".hbs", ".twig", ".liquid",
        # notebooks (only their code cells are read)
        ".ipynb",
    }
)  # fmt: skip

# Base names (lower-case, any extension) of release notes: ids there are references.
TRACKING_NOTES_PREFIXES = ("changelog", "changes", "history", "news", "release", "upgrading")

# Folders whose files are not product code: documentation, tests and fixtures (tests
# may name the ticket they cover), planning and agent folders.
TRACKING_SKIP_DIRS = frozenset(
    {
        "doc", "docs", "documentation", "wiki", "knowledge-base",
        "test", "tests", "testing", "__tests__", "spec", "specs", "e2e", "fixtures",
        "testdata", "test_data", "__snapshots__", "__mocks__",
        ".plans", ".caveat", ".claude", ".codex", ".gemini", ".cursor",
        "node_modules", "vendor", "third_party", "site-packages", ".venv", "venv",
    }
)  # fmt: skip

TRACKING_TEST_BASENAMES = frozenset(
    {"conftest.py", "setup_tests.py", "jest.setup.js", "jest.setup.ts"}
)

TRACKING_TEST_INFIXES = (".test.", ".spec.", ".e2e.", ".stories.")

# Test files outside test folders: prefixes and suffixes of the lower-case stem,
# CamelCase suffixes of the stem as written (``UserServiceTest.java``), and infixes
# of the lower-case base name.
TRACKING_TEST_PREFIXES = ("test_", "tests_")

TRACKING_TEST_SUFFIXES = ("_test", "_tests", "_spec", "-test", "-spec")

TRACKING_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


# ---- header guard (full table: headers) ----

# Lower-cased file names without a telling extension → style.
HEADER_BASENAMES: dict[str, str] = {
    "dockerfile": "hash", "containerfile": "hash", "makefile": "hash",
    "gnumakefile": "hash", "gemfile": "hash", "rakefile": "hash", "justfile": "hash",
    "vagrantfile": "hash", "cmakelists.txt": "hash", "build": "hash", "build.bazel": "hash",
    "workspace": "hash", "buck": "hash", "meson.build": "hash", "jenkinsfile": "slash",
}  # fmt: skip

# Names starting with these (``Dockerfile.dev``, ``Containerfile.prod``) are Dockerfiles.
HEADER_DOCKERFILE_PREFIXES = ("dockerfile", "containerfile")

# Files that never need a header, whatever their extension says (lower-cased names).
HEADER_EXEMPT_BASENAMES = frozenset(
    {
        # lockfiles (most have no comment syntax at all)
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml",
        "bun.lock", "bun.lockb", "cargo.lock", "uv.lock", "poetry.lock", "pdm.lock",
        "pipfile.lock", "gemfile.lock", "composer.lock", "go.sum", "go.work.sum",
        "flake.lock", "pubspec.lock", "podfile.lock", "package.resolved", "mix.lock",
        "gradle.lockfile", "packages.lock.json", "deno.lock", "conda-lock.yml",
        # REUSE's own files and license texts
        "reuse.toml", "license", "licence", "copying", "notice",
        # marker files that must stay empty or are pure data
        "py.typed",
    }
)  # fmt: skip

# Folders (as path components from the git root) whose files need no header.
HEADER_EXEMPT_DIRS = frozenset({"LICENSES", ".reuse", ".git"})

HEADER_EXEMPT_PREFIXES = ("license-", "license.", "licence-", "licence.", "copying-", "copying.")

HEADER_EXEMPT_SUFFIXES = (".license", ".spdx", ".spdx.json", ".spdx.yaml", ".spdx.yml", ".spdx.xml")

# Lower-cased extension → style.
HEADER_EXTENSIONS: dict[str, str] = {
    # "#" comments: scripting languages, shells, build and configuration formats
    ".py": "hash", ".pyi": "hash", ".pyw": "hash", ".pyx": "hash", ".pxd": "hash",
    ".sh": "hash", ".bash": "hash", ".zsh": "hash", ".fish": "hash", ".ksh": "hash",
    ".rb": "hash", ".rake": "hash", ".gemspec": "hash", ".pl": "hash", ".pm": "hash",
    ".r": "hash", ".tcl": "hash", ".jl": "hash", ".cr": "hash", ".nim": "hash",
    ".ex": "hash", ".exs": "hash", ".coffee": "hash", ".awk": "hash",
    ".toml": "hash", ".yaml": "hash", ".yml": "hash", ".tf": "hash", ".tfvars": "hash",
    ".hcl": "hash", ".nix": "hash", ".cmake": "hash", ".mk": "hash", ".bzl": "hash",
    ".bazel": "hash", ".star": "hash", ".graphql": "hash", ".gql": "hash",
    ".dockerfile": "hash", ".containerfile": "hash", ".properties": "hash",
    ".ps1": "powershell", ".psm1": "powershell", ".psd1": "powershell",
    # "//" comments: C family, JVM, .NET, Go, Rust, Swift, JavaScript / TypeScript
    ".c": "c", ".h": "c", ".cc": "c", ".cpp": "c", ".cxx": "c", ".c++": "c",
    ".hh": "c", ".hpp": "c", ".hxx": "c", ".cu": "c", ".cuh": "c", ".m": "c", ".mm": "c",
    ".ino": "c",
    ".java": "slash", ".kt": "slash", ".kts": "slash", ".scala": "slash",
    ".groovy": "slash", ".gradle": "slash", ".cs": "slash", ".fs": "slash",
    ".fsx": "slash", ".go": "slash", ".rs": "slash", ".swift": "slash", ".dart": "slash",
    ".js": "slash", ".mjs": "slash", ".cjs": "slash", ".jsx": "slash", ".ts": "slash",
    ".mts": "slash", ".cts": "slash", ".tsx": "slash", ".php": "slash", ".proto": "slash",
    ".zig": "slash", ".vala": "slash", ".hx": "slash", ".qml": "slash",
    ".sol": "slash",
    # "/* */" comments: style sheets
    ".css": "css", ".scss": "scss", ".less": "scss", ".qss": "css",
    # "<!-- -->" comments: markup and component files
    ".html": "html", ".htm": "html", ".xhtml": "html", ".xml": "html", ".xsd": "html",
    ".xsl": "html", ".xslt": "html", ".vue": "html", ".svelte": "html",
    ".csproj": "html", ".fsproj": "html", ".vbproj": "html", ".props": "html",
    ".targets": "html", ".rss": "html",
    ".md": "html", ".markdown": "html",
    # "--" comments
    ".sql": "dash", ".hs": "haskell", ".elm": "haskell", ".purs": "haskell",
    ".cabal": "haskell", ".lua": "lua", ".adb": "dash", ".ads": "dash",
    ".vhd": "dash", ".vhdl": "dash",
    # "%" comments
    ".tex": "percent", ".sty": "percent", ".cls": "percent",
    ".erl": "percent", ".hrl": "percent",
    # ";" comments
    ".el": "lisp", ".lisp": "lisp", ".lsp": "lisp", ".scm": "lisp",
    ".ss": "lisp", ".rkt": "lisp", ".clj": "lisp", ".cljs": "lisp", ".cljc": "lisp",
    ".fnl": "lisp", ".ini": "ini", ".cfg": "ini",
    # others
    ".j2": "jinja", ".jinja": "jinja", ".jinja2": "jinja",
    ".ml": "ml", ".mli": "ml", ".mll": "ml", ".mly": "ml", ".sml": "ml",
    ".vim": "vim",
}  # fmt: skip

# Prose: reported only when the project's own Markdown files mostly carry the
# ``<!-- SPDX-License-Identifier: … -->`` line (checked with the tracked-file sample).
HEADER_MARKDOWN_EXTENSIONS = frozenset({".md", ".markdown"})

# Files a REUSE layout covers (so `reuse lint` wants a header) but that projects
# using SPDX lines without REUSE rarely mark: reported only under a REUSE layout.
HEADER_REUSE_ONLY_BASENAMES: dict[str, str] = {
    ".gitignore": "hash", ".gitattributes": "hash", ".gitmodules": "hash",
    ".dockerignore": "hash", ".editorconfig": "hash", ".envrc": "hash",
    ".npmignore": "hash", "codeowners": "hash", "manifest.in": "hash",
}  # fmt: skip
