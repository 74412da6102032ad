"""Dependency-bearing files, as data (reference/guard-rules.md §1.2, §1.3, appendices).

Each rule is ``(ecosystem, kind, patterns, regenerate, parser)``:

- ``patterns``: gitignore-style, matched case-sensitively against the path relative to
  the git root (a pattern without a slash matches the basename at any depth; ``!x``
  excludes). The first rule that matches wins, so installed trees come first: a
  ``package-lock.json`` under ``node_modules`` is an installed artefact, not the
  project's lockfile.
- ``regenerate``: the command that rewrites the file (lockfiles) or the lockfile that
  goes with it (manifests); empty when there is none.
- ``parser``: how ``caveat.guards.dependency.manifest_diff`` reads dependencies out of the file
  (``""``: not parsed, so any content change speaks without package names).
  ``keys:a,b`` collects ``a: value``/``a = value`` lines; ``words:x,y`` collects
  ``x "name", "version"`` calls; the rest name a parser function.

``BASENAMES``/``SUFFIXES``/``PREFIXES``/``SUBSTRINGS``/``DIR_PARTS`` feed the cheap
pre-filter: a path that none of them hits matches no rule. A test keeps them in step
with ``RULES``.
"""

from __future__ import annotations

MANIFEST = "manifest"
LOCK = "lockfile"
CATALOG = "version catalog"
REF = "infrastructure reference"
PIN = "tool version pin"
CONFIG = "package-manager config"
INSTALLED = "installed package tree"

# CI files: what a job pulls in, and the tool versions it pins in variables (``NODE_VERSION: 20``).
_CI = "keys:image,uses,component,task,orb,plugin,*_VERSION"

RULES = (
    # Installed and vendored trees: tools write these, agents should not.
    ("npm", INSTALLED, ("**/node_modules/**",), "npm install", ""),
    (
        "PyPI",
        INSTALLED,
        (
            "**/site-packages/**",
            "**/dist-packages/**",
            "**/*.dist-info/**",
            "**/*.egg-info/**",
            "**/EGG-INFO/**",
        ),
        "pip install",
        "",
    ),
    ("conda", INSTALLED, ("**/conda-meta/*.json",), "conda install", ""),
    ("Go", INSTALLED, ("**/vendor/modules.txt",), "go mod vendor", ""),
    ("RubyGems", INSTALLED, ("**/vendor/bundle/**",), "bundle install", ""),
    ("CocoaPods", INSTALLED, ("**/Pods/**",), "pod install", ""),
    ("NuGet", INSTALLED, ("**/obj/project.assets.json", "*.deps.json"), "dotnet restore", ""),
    # Python
    ("PyPI", MANIFEST, ("pyproject.toml",), "uv lock", "pyproject"),
    (
        "PyPI",
        MANIFEST,
        (
            "*requirements*.txt",
            "*requirements*.pip",
            "*requirements*.in",
            "constraints*.txt",
            "**/requirements/*.txt",
            "**/requirements/*.in",
        ),
        "pip-compile, when the file is compiled from a .in file",
        "requirements",
    ),
    ("PyPI", MANIFEST, ("setup.py", "setup.cfg"), "pip install -e .", "setup"),
    ("PyPI", MANIFEST, ("Pipfile",), "pipenv lock", "pipfile"),
    ("conda", MANIFEST, ("pixi.toml",), "pixi lock", "pixi"),
    ("conda", MANIFEST, ("environment.yml", "environment.yaml"), "conda env update", "conda"),
    ("PyPI", LOCK, ("Pipfile.lock",), "pipenv lock", ""),
    ("PyPI", LOCK, ("poetry.lock",), "poetry lock", ""),
    ("PyPI", LOCK, ("pdm.lock",), "pdm lock", ""),
    ("PyPI", LOCK, ("uv.lock",), "uv lock", ""),
    ("PyPI", LOCK, ("pylock.toml", "pylock.*.toml"), "uv export -o pylock.toml", ""),
    ("conda", LOCK, ("pixi.lock",), "pixi lock", ""),
    ("conda", LOCK, ("conda-lock.yml", "*.conda-lock.yml"), "conda-lock", ""),
    ("Python", PIN, (".python-version", "runtime.txt"), "", "pin"),
    # JavaScript / TypeScript
    ("npm", LOCK, ("package-lock.json",), "npm install", ""),
    ("npm", LOCK, ("npm-shrinkwrap.json",), "npm shrinkwrap", ""),
    ("npm", LOCK, ("yarn.lock",), "yarn install", ""),
    ("npm", LOCK, ("pnpm-lock.yaml",), "pnpm install", ""),
    ("npm", LOCK, ("bun.lock", "bun.lockb"), "bun install", ""),
    ("Deno", LOCK, ("deno.lock",), "deno install", ""),
    ("npm", MANIFEST, ("package.json",), "npm install", "package.json"),
    ("Deno", MANIFEST, ("deno.json", "deno.jsonc"), "deno install", "deno.json"),
    ("Meteor", MANIFEST, ("package.js",), "meteor update", ""),
    ("npm", CATALOG, ("pnpm-workspace.yaml",), "pnpm install", "pnpm-workspace"),
    (
        "npm",
        CONFIG,
        (".npmrc", ".yarnrc", ".yarnrc.yml", "bunfig.toml"),
        "",
        "keys:registry,npmRegistryServer,yarnPath",
    ),
    ("Node.js", PIN, (".nvmrc", ".node-version", ".bun-version"), "", "pin"),
    # Rust, Go
    ("Cargo", MANIFEST, ("Cargo.toml",), "cargo update --workspace", "cargo"),
    ("Cargo", LOCK, ("Cargo.lock",), "cargo update", ""),
    ("Rust", PIN, ("rust-toolchain", "rust-toolchain.toml"), "", "pin"),
    ("Go", MANIFEST, ("go.mod", "go.work"), "go mod tidy", "gomod"),
    ("Go", LOCK, ("go.sum",), "go mod tidy", ""),
    ("Go", LOCK, ("go.work.sum",), "go work sync", ""),
    # JVM
    ("Maven", MANIFEST, ("pom.xml", "*.pom", "*.pom.xml", "pom.template.xml"), "mvn", "pom"),
    ("Maven", CONFIG, ("/settings.xml", "/.mvn/settings.xml", "/.m2/settings.xml"), "", ""),
    ("Maven", CONFIG, ("**/.mvn/extensions.xml",), "", ""),
    ("Maven", PIN, ("**/.mvn/wrapper/maven-wrapper.properties",), "", "keys:*Url"),
    (
        "Gradle",
        LOCK,
        ("gradle.lockfile", "buildscript-gradle.lockfile"),
        "./gradlew dependencies --write-locks",
        "",
    ),
    (
        "Gradle",
        LOCK,
        ("**/gradle/verification-metadata.xml",),
        "./gradlew --write-verification-metadata sha256 help",
        "",
    ),
    ("Gradle", PIN, ("**/gradle/wrapper/gradle-wrapper.properties",), "", "keys:distributionUrl"),
    (
        "Gradle",
        CATALOG,
        ("libs.versions.toml", "*.versions.toml", "**/gradle/*.toml"),
        "./gradlew dependencies --write-locks",
        "gradle-catalog",
    ),
    (
        "Gradle",
        MANIFEST,
        ("*.gradle", "*.gradle.kts", "**/buildSrc/**/*.kt"),
        "./gradlew dependencies --write-locks",
        "gradle",
    ),
    ("Gradle", CONFIG, ("gradle.properties",), "", "keys:*version,*Version,*VERSION"),
    ("Kotlin", MANIFEST, ("*.main.kts",), "", "gradle"),
    (
        "sbt",
        MANIFEST,
        ("*.sbt", "**/project/*.scala", "**/project/build.properties", "repositories"),
        "",
        "gradle",
    ),
    ("Clojure", MANIFEST, ("project.clj", "deps.edn", "bb.edn"), "", ""),
    ("Ant", MANIFEST, ("build.xml", "ivy.xml"), "", ""),
    # .NET
    ("NuGet", LOCK, ("packages.lock.json",), "dotnet restore --force-evaluate", ""),
    ("NuGet", LOCK, ("paket.lock",), "paket install", ""),
    (
        "NuGet",
        MANIFEST,
        (
            "*.csproj",
            "*.fsproj",
            "*.vbproj",
            "*.vcxproj",
            "*.sqlproj",
            "*.nuspec",
            "packages.config",
        ),
        "dotnet restore",
        "msbuild",
    ),
    (
        "NuGet",
        CATALOG,
        ("Directory.Packages.props", "Directory.Build.props", "*.props", "*.targets"),
        "dotnet restore",
        "msbuild",
    ),
    ("NuGet", MANIFEST, ("dotnet-tools.json",), "dotnet tool restore", "dotnet-tools"),
    ("NuGet", MANIFEST, ("paket.dependencies",), "paket install", "words:nuget,github,git"),
    ("NuGet", MANIFEST, ("*.cake",), "", "keys:#addin,#tool,#load"),
    (".NET SDK", PIN, ("global.json",), "", "keys:version,rollForward"),
    # Ruby, PHP, Swift, Dart, Elixir, Haskell, Julia, R, C/C++, Perl
    ("RubyGems", LOCK, ("Gemfile.lock", "gems.locked"), "bundle lock", ""),
    ("RubyGems", MANIFEST, ("Gemfile", "gems.rb"), "bundle install", "words:gem"),
    (
        "RubyGems",
        MANIFEST,
        ("*.gemspec",),
        "bundle install",
        "words:add_dependency,add_runtime_dependency,add_development_dependency",
    ),
    ("Ruby", PIN, (".ruby-version",), "", "pin"),
    ("Puppet Forge", MANIFEST, ("Puppetfile",), "", "words:mod"),
    ("Homebrew", MANIFEST, ("Formula/**/*.rb",), "", "keys:url,sha256,depends_on"),
    ("Homebrew", MANIFEST, ("Brewfile",), "brew bundle", "words:brew,cask,tap,mas"),
    ("Packagist", LOCK, ("composer.lock",), "composer update --lock", ""),
    (
        "Packagist",
        MANIFEST,
        ("composer.json", "*-composer.json"),
        "composer update --lock",
        "composer",
    ),
    ("SwiftPM", LOCK, ("Package.resolved",), "swift package resolve", ""),
    ("SwiftPM", MANIFEST, ("Package.swift",), "swift package resolve", "keys:.package"),
    ("CocoaPods", LOCK, ("Podfile.lock",), "pod install", ""),
    ("CocoaPods", MANIFEST, ("Podfile",), "pod install", "words:pod"),
    ("Carthage", LOCK, ("Cartfile.resolved",), "carthage update", ""),
    ("Carthage", MANIFEST, ("Cartfile", "Mintfile", "project.yml"), "", ""),
    ("Pub", LOCK, ("pubspec.lock",), "dart pub get", ""),
    ("Pub", MANIFEST, ("pubspec.yaml", "pubspec.yml"), "dart pub get", "pubspec"),
    ("Flutter", PIN, (".fvmrc", "**/.fvm/fvm_config.json"), "", "keys:flutter,flutterSdkVersion"),
    ("Hex", LOCK, ("mix.lock",), "mix deps.get", ""),
    ("Hex", MANIFEST, ("mix.exs",), "mix deps.get", ""),
    ("Hex", LOCK, ("manifest.toml", "rebar.lock"), "gleam deps download", ""),
    ("Hex", MANIFEST, ("gleam.toml",), "gleam deps download", "gleam"),
    ("Hex", MANIFEST, ("rebar.config",), "rebar3 lock", ""),
    ("Hackage", LOCK, ("cabal.project.freeze", "stack.yaml.lock"), "cabal freeze", ""),
    ("Hackage", MANIFEST, ("*.cabal", "cabal.project", "stack.yaml", "package.yaml"), "", ""),
    (
        "Julia",
        LOCK,
        ("Manifest.toml", "JuliaManifest.toml"),
        "julia -e 'using Pkg; Pkg.resolve()'",
        "",
    ),
    (
        "Julia",
        MANIFEST,
        ("Project.toml", "JuliaProject.toml"),
        "julia -e 'using Pkg; Pkg.resolve()'",
        "julia",
    ),
    ("CRAN", LOCK, ("renv.lock",), "Rscript -e 'renv::snapshot()'", ""),
    ("CRAN", MANIFEST, ("DESCRIPTION",), "", ""),
    ("Conan", LOCK, ("conan.lock",), "conan lock create .", ""),
    ("Conan", MANIFEST, ("conanfile.txt", "conanfile.py"), "conan lock create .", ""),
    ("vcpkg", MANIFEST, ("vcpkg.json",), "", "vcpkg"),
    ("vcpkg", CONFIG, ("vcpkg-configuration.json",), "", "keys:baseline,repository,location"),
    ("CPAN", LOCK, ("cpanfile.snapshot",), "carton install", ""),
    (
        "CPAN",
        MANIFEST,
        ("cpanfile",),
        "carton install",
        "words:requires,recommends,test_requires,build_requires,configure_requires",
    ),
    # Build systems, Nix, IaC
    (
        "Bazel",
        LOCK,
        ("MODULE.bazel.lock", "maven_install.json"),
        "bazel mod deps --lockfile_mode=update",
        "",
    ),
    (
        "Bazel",
        MANIFEST,
        ("MODULE.bazel", "*.MODULE.bazel"),
        "bazel mod deps --lockfile_mode=update",
        "bazel",
    ),
    (
        "Bazel",
        MANIFEST,
        ("WORKSPACE", "WORKSPACE.bazel", "WORKSPACE.bzlmod", "*.WORKSPACE.bazel", "*.bzl"),
        "",
        "keys:url,urls,sha256,tag,commit,artifacts,version",
    ),
    ("Bazel", PIN, (".bazelversion",), "", "pin"),
    ("Nix", LOCK, ("flake.lock",), "nix flake lock", ""),
    ("Nix", MANIFEST, ("flake.nix",), "nix flake lock", "keys:url,*.url"),
    ("Nix", LOCK, ("devbox.lock",), "devbox install", ""),
    ("Nix", MANIFEST, ("devbox.json",), "devbox install", "devbox"),
    ("Terraform", LOCK, (".terraform.lock.hcl",), "terraform providers lock", ""),
    (
        "Terraform",
        REF,
        ("*.tf", "*.tofu", "terragrunt.hcl", ".tflint.hcl"),
        "",
        "keys:source,version,required_version",
    ),
    (
        "Terraform",
        PIN,
        (".terraform-version", ".terragrunt-version", ".opentofu-version"),
        "",
        "pin",
    ),
    ("Bicep", REF, ("*.bicep",), "", "keys:module"),
    # Containers, Kubernetes, Helm
    (
        "Docker",
        REF,
        (
            "[Dd]ockerfile",
            "[Dd]ockerfile.*",
            "[Dd]ockerfile-*",
            "*.[Dd]ockerfile",
            "[Cc]ontainerfile",
            "[Cc]ontainerfile.*",
            "*.[Cc]ontainerfile",
            "DOCKERFILE",
            "!*.md",
            "!*.txt",
            "!*.rst",
        ),
        "",
        "dockerfile",
    ),
    (
        "Docker",
        REF,
        ("docker-compose*.yml", "docker-compose*.yaml", "compose*.yml", "compose*.yaml"),
        "",
        "keys:image",
    ),
    ("Helm", LOCK, ("Chart.lock", "helmfile.lock"), "helm dependency update", ""),
    (
        "Helm",
        REF,
        ("Chart.yaml", "Chart.yml", "requirements.yaml"),
        "helm dependency update",
        "keys:repository,version,appVersion",
    ),
    (
        "Helm",
        REF,
        ("values.yaml", "values.yml", "values-*.yaml"),
        "",
        "keys:image,tag,repository,digest",
    ),
    (
        "Helm",
        REF,
        ("helmfile.yaml", "helmfile.yaml.gotmpl", "**/helmfile.d/**/*.yaml"),
        "helmfile deps",
        "keys:chart,version,url",
    ),
    (
        "Kustomize",
        REF,
        ("kustomization.yaml", "kustomization.yml"),
        "",
        "keys:newTag,newName,digest,image",
    ),
    ("jsonnet", LOCK, ("jsonnetfile.lock.json",), "jb update", ""),
    ("jsonnet", MANIFEST, ("jsonnetfile.json",), "jb update", ""),
    ("vendir", LOCK, ("vendir.lock.yml",), "vendir sync", ""),
    ("vendir", MANIFEST, ("vendir.yml",), "vendir sync", ""),
    (
        "Dev Containers",
        REF,
        (
            ".devcontainer.json",
            "**/.devcontainer/devcontainer.json",
            "**/.devcontainer/*/devcontainer.json",
        ),
        "",
        "keys:image,ghcr.io/*,mcr.microsoft.com/*",
    ),
    # CI, hooks, submodules
    (
        "GitHub Actions",
        REF,
        (
            "**/.github/workflows/**/*.yml",
            "**/.github/workflows/**/*.yaml",
            "**/.github/actions/**/*.yml",
            "**/.github/actions/**/*.yaml",
            "**/.gitea/workflows/**/*.yml",
            "**/.gitea/workflows/**/*.yaml",
            "**/.forgejo/workflows/**/*.yml",
            "**/.forgejo/workflows/**/*.yaml",
            "**/workflow-templates/**/*.yml",
            "**/workflow-templates/**/*.yaml",
            "action.yml",
            "action.yaml",
        ),
        "",
        "keys:uses,image",
    ),
    (
        "CI",
        REF,
        (
            ".gitlab-ci.yml",
            ".gitlab-ci.yaml",
            "**/.circleci/**/*.yml",
            "**/.circleci/**/*.yaml",
            "azure-pipelines*.yml",
            "azure-pipelines*.yaml",
            "**/.azuredevops/**/*.yml",
            "*-pipelines.yml",
            ".drone.yml",
            ".travis.yml",
            "bitrise.yml",
            "buildkite.yml",
            "**/.buildkite/**/*.yml",
            "cloudbuild.yml",
            "cloudbuild.yaml",
            ".woodpecker.yml",
            "**/.woodpecker/*.yml",
            ".crow.yml",
            ".vela.yml",
        ),
        "",
        _CI,
    ),
    ("Jenkins", MANIFEST, ("plugins.txt",), "", "pin"),
    (
        "pre-commit",
        REF,
        (".pre-commit-config.yaml", ".pre-commit-config.yml"),
        "pre-commit autoupdate",
        "pre-commit",
    ),
    ("git submodules", REF, (".gitmodules",), "git submodule update", "keys:url,branch"),
    # Tool version managers
    ("asdf", PIN, (".tool-versions",), "", "pin"),
    ("mise", LOCK, ("mise.lock",), "mise lock", ""),
    (
        "mise",
        PIN,
        (
            "mise.toml",
            ".mise.toml",
            "mise.*.toml",
            ".mise.*.toml",
            "**/mise/config.toml",
            "**/.mise/config.toml",
            "**/.config/mise/**/*.toml",
            ".rtx.toml",
        ),
        "",
        "mise",
    ),
    ("proto", PIN, (".prototools",), "", "pin"),
    (
        "Ansible Galaxy",
        MANIFEST,
        ("galaxy.yml", "requirements.yml", "requirements.ansible.yml"),
        "",
        "keys:name,src,version",
    ),
)

# Lockfiles a manifest's change should be carried into, first present one wins.
LOCK_FOR_MANIFEST = {
    "package.json": (
        ("pnpm-lock.yaml", "pnpm install"),
        ("yarn.lock", "yarn install"),
        ("bun.lock", "bun install"),
        ("bun.lockb", "bun install"),
        ("package-lock.json", "npm install"),
    ),
    "pyproject.toml": (
        ("uv.lock", "uv lock"),
        ("poetry.lock", "poetry lock"),
        ("pdm.lock", "pdm lock"),
        ("pixi.lock", "pixi lock"),
        ("pylock.toml", "uv export -o pylock.toml"),
    ),
}
