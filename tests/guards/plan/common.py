"""What the plan-write and plan-bash guard tests share: the environment and the
settings a case runs with."""

from __future__ import annotations

from caveat.config import Config
from caveat.config import defaults

PLAN_MODE = {"mode": "plan"}


def environment(dirs, extra=None):
    env = {"HOME": dirs["home"], "TMPDIR": dirs["scratch"]}
    for key, value in (extra or {}).items():
        env[key] = value.format(**dirs)
    return env


def configured(plans=None):
    values = defaults()
    if plans:
        values["plans"] = {**values["plans"], **plans}
    return Config(values)


def expand(value, dirs):
    return value.format(**dirs) if isinstance(value, str) else value
