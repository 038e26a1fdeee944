"""Rules and fixers load as plugins from entry points (``torchlint.rules`` / ``torchlint.fixers``).

An entry point names a list of classes, a module (all Rule / Fixer subclasses defined in it), or
one class. The built-in pack is itself loaded this way, so a user's pack plugs in identically.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from collections.abc import Sequence
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from torchlint.lint.rule import Rule

if sys.version_info >= (3, 10):
    from importlib.metadata import entry_points
else:  # pragma: no cover
    from importlib_metadata import entry_points


class PluginError(Exception):
    pass


def _classes_from(obj: Any, base: type) -> list[type]:
    if isinstance(obj, ModuleType):
        return [
            value
            for value in vars(obj).values()
            if inspect.isclass(value)
            and issubclass(value, base)
            and value is not base
            and value.__module__ == obj.__name__
        ]
    if inspect.isclass(obj) and issubclass(obj, base):
        return [obj]
    if isinstance(obj, (list, tuple)):
        found: list[type] = []
        for item in obj:
            found.extend(_classes_from(item, base))
        return found
    raise PluginError(f"entry point object {obj!r} is not a {base.__name__}, module or list")


def classes_in_package(package: str, path: Sequence[str], base: type, marker: str) -> list[type]:
    """Every ``base`` subclass defined in a module of ``package`` (modules named ``_*`` are
    helpers) that sets ``marker`` (a rule's ``code``, a fixer's ``codes``)."""
    found: list[type] = []
    for info in sorted(pkgutil.iter_modules(path), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package}.{info.name}")
        found.extend(
            value
            for value in vars(module).values()
            if inspect.isclass(value)
            and issubclass(value, base)
            and value.__module__ == module.__name__
            and getattr(value, marker, None)
        )
    return found


def load_plugins(group: str, base: type) -> list[type]:
    classes: list[type] = []
    for ep in sorted(entry_points(group=group), key=lambda e: (e.name != "builtin", e.name)):
        try:
            obj = ep.load()
        except Exception as exc:  # a broken third-party pack must not take the tool down
            raise PluginError(f"cannot load plugin {ep.name!r} ({ep.value}): {exc}") from exc
        classes.extend(_classes_from(obj, base))
    return classes


@lru_cache(maxsize=1)
def all_rules() -> tuple[type[Rule], ...]:
    from torchlint.lint.rule import Rule  # libcst: not for runs that need no rule (cached)

    rules = load_plugins("torchlint.rules", Rule)
    seen: dict[str, type[Rule]] = {}
    for rule in rules:
        problems = rule.check_definition()
        if problems:
            raise PluginError("; ".join(problems))
        if rule.code in seen and seen[rule.code] is not rule:
            raise PluginError(
                f"rule code {rule.code} defined twice: {seen[rule.code].__name__}, {rule.__name__}"
            )
        seen[rule.code] = rule
    return tuple(sorted(seen.values(), key=lambda r: r.code))


# The entry point of the built-in pack (pyproject.toml), whose codes and names are generated.
BUILTIN_PACK = ("builtin", "torchlint.rules:BUILTIN_RULES")


def installed_rule_names() -> list[tuple[str, str]]:
    """(code, name) of every installed rule. With only the built-in pack installed, from its
    generated catalogue: no rule, and so no libcst, is imported (a third of a second)."""
    points = [(point.name, point.value) for point in entry_points(group="torchlint.rules")]
    if points == [BUILTIN_PACK]:
        from torchlint.lint.builtin_rules import BUILTIN_RULE_NAMES

        return list(BUILTIN_RULE_NAMES.items())
    return [(rule.code, rule.name) for rule in all_rules()]


def rule_by_code_or_name(key: str) -> type[Rule] | None:
    for rule in all_rules():
        if rule.code == key.upper() or rule.name == key:
            return rule
    return None
