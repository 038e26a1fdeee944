"""The built-in rule pack: every Rule subclass defined in a module of this package.

One rule (or a small family) per file; adding a file adds its rules.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from torchlint.lint.rule import Rule


def _discover() -> list[type[Rule]]:
    found: list[type[Rule]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, Rule)
                and value.__module__ == module.__name__
                and getattr(value, "code", None)
            ):
                found.append(value)
    return found


BUILTIN_RULES: list[type[Rule]] = _discover()
