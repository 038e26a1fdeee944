"""Configuration: ``[tool.torchlint]`` in pyproject.toml, or a ``torchlint.toml`` file.

The nearest config file above the first linted path (or the current folder) wins; within one
folder ``torchlint.toml`` / ``.torchlint.toml`` come before ``pyproject.toml``, and a
pyproject.toml without a ``[tool.torchlint]`` table is passed over. Command-line options are
applied on top (:func:`apply_overrides`). Every problem is a :class:`ConfigError` whose message
names the file and the key.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Optional

from torchlint.lint.diagnostics import TARGETS
from torchlint.lint.settings import MODES, Settings

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

CONFIG_FILE_NAMES = ("torchlint.toml", ".torchlint.toml", "pyproject.toml")
SELECTOR_PATTERN = re.compile(r"^(ALL|[A-Z]{1,4}\d{0,3}|[a-z][a-z0-9]*(-[a-z0-9]+)*)$")


class ConfigError(Exception):
    """A configuration problem, as one line for the user."""


@dataclass(frozen=True)
class ConfigFile:
    path: Path
    # The table holding torchlint's keys: the whole file for torchlint.toml, else tool.torchlint.
    table: dict[str, Any]


def _string_list(key: str, value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings, got {value!r}")
    return tuple(value)


def _targets(key: str, value: Any, where: str) -> tuple[str, ...]:
    targets = _string_list(key, value, where)
    unknown = [t for t in targets if t not in TARGETS]
    if unknown:
        raise ConfigError(
            f"{where}: `{key}` has unknown back-end {unknown[0]!r}; choose from {', '.join(TARGETS)}"
        )
    return targets


def _selectors(key: str, value: Any, where: str) -> tuple[str, ...]:
    selectors = _string_list(key, value, where)
    check_selectors(selectors, f"{where}: `{key}`")
    return selectors


def _bool(key: str, value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where}: `{key}` must be true or false, got {value!r}")
    return value


def _string(key: str, value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where}: `{key}` must be a string, got {value!r}")
    return value


def _mode(key: str, value: Any, where: str) -> str:
    if value not in MODES:
        raise ConfigError(f"{where}: `{key}` must be one of {', '.join(MODES)}, got {value!r}")
    return value


def _per_file_ignores(key: str, value: Any, where: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table of glob = [codes], got {value!r}")
    return {
        pattern: _selectors(f"{key}.{pattern}", codes, where) for pattern, codes in value.items()
    }


# Config key -> (Settings field, parser). Another component with its own setting adds a row here
# and a field in Settings.
KEYS: dict[str, tuple[str, Callable[[str, Any, str], Any]]] = {
    "targets": ("targets", _targets),
    "select": ("select", _selectors),
    "ignore": ("ignore", _selectors),
    "extend-select": ("extend_select", _selectors),
    "per-file-ignores": ("per_file_ignores", _per_file_ignores),
    "exclude": ("exclude", _string_list),
    "extend-exclude": ("extend_exclude", _string_list),
    "respect-gitignore": ("respect_gitignore", _bool),
    "unsafe-fixes": ("unsafe_fixes", _bool),
    "mode": ("mode", _mode),
    "cache-dir": ("cache_dir", _string),
}


def check_selectors(selectors: Iterable[str], where: str) -> None:
    """Refuse selectors that are malformed or match no installed rule (typos select nothing)."""
    from torchlint.lint.registry import installed_rule_names

    known: list[tuple[str, str]] = []
    for selector in selectors:
        if not SELECTOR_PATTERN.match(selector):
            raise ConfigError(
                f"{where}: {selector!r} is not a rule code, code prefix (such as TL1) or rule name"
            )
        if selector == "ALL":
            continue
        known = known or installed_rule_names()
        if not any(code.startswith(selector) or name == selector for code, name in known):
            raise ConfigError(
                f"{where}: {selector!r} matches no rule; `torchlint rules` lists them"
            )


def find_config_file(start: Path) -> Optional[Path]:
    """The nearest config file in ``start`` or a folder above it."""
    folder = start if start.is_dir() else start.parent
    folder = folder.absolute()
    for candidate_folder in (folder, *folder.parents):
        for name in CONFIG_FILE_NAMES:
            candidate = candidate_folder / name
            if not candidate.is_file():
                continue
            if name != "pyproject.toml" or _has_torchlint_table(candidate):
                return candidate
    return None


def _has_torchlint_table(pyproject: Path) -> bool:
    try:
        text = pyproject.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    # Cheap test first; the full parse (and its errors) happens in load_config_file.
    return "tool.torchlint" in text


def load_config_file(path: Path) -> ConfigFile:
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read config file: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{path}: not valid UTF-8: {exc.reason}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    if path.name == "pyproject.toml":
        table = data.get("tool", {}).get("torchlint", {})
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: `tool.torchlint` must be a table")
    else:
        table = data
    return ConfigFile(path=path, table=table)


def settings_from_table(config: ConfigFile) -> Settings:
    prefix = "tool.torchlint." if config.path.name == "pyproject.toml" else ""
    values: dict[str, Any] = {}
    for key, value in config.table.items():
        where = f"{config.path}"
        if key not in KEYS:
            suggestion = _closest(key, KEYS)
            hint = f"; did you mean `{prefix}{suggestion}`?" if suggestion else ""
            raise ConfigError(
                f"{where}: unknown key `{prefix}{key}`{hint} (known keys: {', '.join(KEYS)})"
            )
        field_name, parse_value = KEYS[key]
        values[field_name] = parse_value(f"{prefix}{key}", value, where)
    if "targets" in values:
        values["targets_explicit"] = True
    if values.get("cache_dir"):
        values["cache_dir"] = str((config.path.parent / values["cache_dir"]).resolve())
    return Settings(project_root=str(config.path.parent.resolve()), **values)


def _closest(key: str, known: Iterable[str]) -> Optional[str]:
    import difflib

    matches = difflib.get_close_matches(key.replace("_", "-"), list(known), n=1, cutoff=0.6)
    return matches[0] if matches else None


def load_settings(
    paths: Sequence[str] = (),
    config_path: Optional[str] = None,
    isolated: bool = False,
) -> Settings:
    """Settings from the config file that applies to ``paths`` (or the current folder).

    ``config_path`` names the file explicitly; ``isolated`` ignores every config file.
    """
    found = config_file_for(paths, config_path, isolated)
    if found is None:
        return Settings(project_root=os.getcwd())
    return settings_from_table(load_config_file(found))


def config_file_for(
    paths: Sequence[str] = (),
    config_path: Optional[str] = None,
    isolated: bool = False,
) -> Optional[Path]:
    """The config file :func:`load_settings` reads for these arguments; None: the defaults."""
    if isolated:
        return None
    if config_path is not None:
        return Path(config_path)
    start = Path(next((p for p in paths if p != "-"), "."))
    return find_config_file(start if start.exists() else Path("."))


def apply_overrides(
    settings: Settings,
    *,
    targets: Optional[Sequence[str]] = None,
    select: Optional[Sequence[str]] = None,
    ignore: Sequence[str] = (),
    extend_select: Sequence[str] = (),
    exclude: Optional[Sequence[str]] = None,
    extend_exclude: Sequence[str] = (),
    respect_gitignore: Optional[bool] = None,
    unsafe_fixes: Optional[bool] = None,
    mode: Optional[str] = None,
) -> Settings:
    """Command-line options over the file's settings, as in ruff: ``targets`` and ``exclude``
    replace; ``select`` replaces the file's select, ignore and extend-select; otherwise
    ``ignore``, ``extend-select`` and ``extend-exclude`` add to the file's."""
    for name, values in (("--select", select or ()), ("--ignore", ignore)):
        check_selectors(values, name)
    check_selectors(extend_select, "--extend-select")
    changes: dict[str, Any] = {}
    if targets is not None:
        unknown = [t for t in targets if t not in TARGETS]
        if unknown:
            raise ConfigError(
                f"--target: unknown back-end {unknown[0]!r}; choose from {', '.join(TARGETS)}"
            )
        changes["targets"] = tuple(targets)
        changes["targets_explicit"] = True
    if select is not None:
        # A new selection starts afresh, as in ruff: the file's ignore and extend-select go too.
        changes["select"] = tuple(select)
        changes["ignore"] = tuple(ignore)
        changes["extend_select"] = tuple(extend_select)
    else:
        changes["ignore"] = (*settings.ignore, *ignore)
        changes["extend_select"] = (*settings.extend_select, *extend_select)
    if exclude is not None:
        changes["exclude"] = tuple(exclude)
    if extend_exclude:
        changes["extend_exclude"] = (*settings.extend_exclude, *extend_exclude)
    if respect_gitignore is not None:
        changes["respect_gitignore"] = respect_gitignore
    if unsafe_fixes is not None:
        changes["unsafe_fixes"] = unsafe_fixes
    if mode is not None:
        changes["mode"] = mode
    return replace(settings, **changes)


def split_list(values: Sequence[str]) -> list[str]:
    """``--select TL1,TL3 --select print-in-graph`` -> ["TL1", "TL3", "print-in-graph"]."""
    return [item.strip() for value in values for item in value.split(",") if item.strip()]


def glob_regex(pattern: str) -> re.Pattern[str]:
    """A gitignore-like glob: ``*`` and ``?`` stay within one path part, ``**`` spans parts."""
    out = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if pattern.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = pattern.find("]", i + 1)
            if end == -1:
                out.append(re.escape(char))
            else:
                body = pattern[i + 1 : end].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end
        else:
            out.append(re.escape(char))
        i += 1
    return re.compile("".join(out) + r"\Z")


class PathMatcher:
    """Matches paths against exclude / per-file-ignores globs, as ruff does: a pattern without
    a ``/`` matches any file or folder of that name; one with a ``/`` matches the path relative
    to the project root."""

    def __init__(self, patterns: Iterable[str], root: str) -> None:
        self.root = os.path.abspath(root)
        self.by_name: list[re.Pattern[str]] = []
        self.by_path: list[re.Pattern[str]] = []
        for pattern in patterns:
            pattern = pattern.replace(os.sep, "/").rstrip("/")
            if pattern.startswith("./"):
                pattern = pattern[2:]
            if "/" in pattern:
                self.by_path.append(glob_regex(pattern))
            else:
                self.by_name.append(glob_regex(pattern))

    def __bool__(self) -> bool:
        return bool(self.by_name or self.by_path)

    def matches(self, path: str) -> bool:
        name = os.path.basename(path.rstrip("/" + os.sep))
        if any(regex.match(name) for regex in self.by_name):
            return True
        if not self.by_path:
            return False
        relative = os.path.relpath(os.path.abspath(path), self.root).replace(os.sep, "/")
        return any(regex.match(relative) for regex in self.by_path)


def per_file_ignored(settings: Settings, path: str) -> tuple[str, ...]:
    """The selectors ``per-file-ignores`` turns off for ``path``."""
    if not settings.per_file_ignores:
        return ()
    root = settings.project_root or os.getcwd()
    ignored: list[str] = []
    for pattern, codes in settings.per_file_ignores.items():
        if _matcher(pattern, root).matches(path):
            ignored.extend(codes)
    return tuple(ignored)


@lru_cache(maxsize=256)
def _matcher(pattern: str, root: str) -> PathMatcher:
    return PathMatcher([pattern], root)
