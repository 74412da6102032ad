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
