"""The built-in fixers: every Fixer subclass defined in a module of this package."""

from __future__ import annotations

import importlib
import inspect
import pkgutil


def _discover() -> list[type]:
    from torchlint.lint.fixes import Fixer

    found: list[type] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, Fixer)
                and value.__module__ == module.__name__
                and getattr(value, "codes", None)
            ):
                found.append(value)
    return found


BUILTIN_FIXERS: list[type] = _discover()
