"""The per-file cache: a second run over unchanged files does almost nothing.

One entry per source file (a pickle in ``cache_dir``, written atomically) holds its content
hash, its project-index summary, and its lint result, with what the result depends on:

- the run's fingerprint: torchlint version, the rules that ran (all of them: what a run
  reports is selected from a file's findings afterwards, so no selection is part of it) and
  whether every ``forward`` is a scripting root (``--target script``), which also keeps
  entries of its own, so switching to and from it leaves both warm;
- the graph regions of the file's own functions (a root in another file can change them);
- the summaries of the project modules the analysis consulted (a base class or a helper in
  another file), by digest;
- the installed library modules whose source the analysis read (TL209: what TorchScript
  compiles from a library's Python source), by file, size and modification time: installing,
  upgrading or removing the library re-lints the files calling it.

An entry is used only when all of these still match, so editing one file re-lints that file
and the files whose facts depend on it, not the tree. A corrupt or foreign entry is a miss.
Entries are keyed by absolute path: ``./s.py`` and ``s.py`` share one, reported by the path
the run was given.
"""

from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import inspect
import json
import os
import pickle
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from torchlint import __version__
from torchlint.lint.diagnostics import FileError
from torchlint.lint.selection import Findings
from torchlint.lint.semantic.summary import FileSummary, summarize

FORMAT = 2

# A dependency on a module's text (its semantic model was built), not just its summary.
TEXT_DEPENDENCY = "text:"


def content_hash(text: str) -> str:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def summary_digest(summary: FileSummary) -> str:
    """A digest of what other files can learn from this one (stable across processes)."""
    data = _plain(summary)
    text = json.dumps(data, sort_keys=True, default=lambda value: sorted(value))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _plain(value: Any) -> Any:
    """``dataclasses.asdict`` for JSON (the same text), without its deep copies: a quarter of
    the time, and summaries are digested once per file and run."""
    kind = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is list or kind is tuple:
        return [_plain(item) for item in value]
    if kind is dict:
        return {key: _plain(item) for key, item in value.items()}
    if dataclasses.is_dataclass(value):
        return {
            f.name: _plain(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name not in _OWN_LINES
        }
    return value  # sets: sorted by json.dumps's default


# Where this file's statements start: for its own findings' positions, nothing another file
# learns from it (and the longest field of a summary).
_OWN_LINES = frozenset({"statement_lines"})


def fingerprint(settings: Any, rules: Optional[Sequence[type]] = None) -> str:
    """What every cached result depends on besides its files and torchlint's own code (which
    ``LintCache.code`` covers): the one setting the analysis reads (every ``forward`` a
    scripting root, from ``--target script``), and the rules: those given, by code and by
    the files they are defined in, or else the installed plugin packs (``installed_packs``).
    Editing a rule pack in place invalidates the cache too. The selection is not part of it:
    results hold every rule's findings, selected when reported."""
    parts: dict[str, Any] = {"script_all_modules": settings.script_all_modules}
    if rules is None:
        parts["packs"] = installed_packs()
    else:
        parts["rules"] = sorted(rule.code for rule in rules)  # type: ignore[attr-defined]
        parts["rule_files"] = _stamp(inspect.getsourcefile(rule) or "" for rule in rules)
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


PLUGIN_GROUPS = ("torchlint.rules", "torchlint.fixers")


def installed_packs() -> list[Any]:
    """The rule and fixer packs installed (entry points), with their distributions' versions
    and the stamps of their source files, found without importing them: a run whose results
    all come from the cache never imports a rule."""
    # Python 3.9's importlib.metadata takes no group: the registry's entry_points handles that
    # (importlib.metadata is 30 ms to import: only runs that use the cache pay it).
    from torchlint.lint.registry import entry_points

    packs: list[Any] = []
    for group in PLUGIN_GROUPS:
        for point in sorted(entry_points(group=group), key=lambda e: e.name):
            dist = getattr(point, "dist", None)
            packs.append(
                [
                    group,
                    point.name,
                    point.value,
                    dist.version if dist is not None else "",
                    _stamp(_module_files(point.module)),
                ]
            )
    return packs


def _module_files(name: str) -> list[str]:
    """The source files of a module: a package's own folder (its data tables too, such as
    ``rules/torchscript_tables.json``, which rules read), or the module's file."""
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return []
    if spec is None:
        return []
    if spec.submodule_search_locations:
        return [
            str(p)
            for folder in spec.submodule_search_locations
            for pattern in ("*.py", "*.json")
            for p in Path(folder).glob(pattern)
        ]
    return [spec.origin] if spec.origin else []


def _analysis_files() -> list[str]:
    """torchlint's analysis code: the lint framework, the semantic model, rules and fixers
    (found, not imported)."""
    files: list[str] = []
    for package in (
        "torchlint.lint",
        "torchlint.lint.semantic",
        "torchlint.rules",
        "torchlint.fixers",
    ):
        files.extend(_module_files(package))
    return files


def _stamp(files: Iterable[str]) -> list[tuple[str, int, int]]:
    """Size and modification time of each file."""
    stamp = []
    for name in sorted({f for f in files if f}):
        try:
            info = os.stat(name)
        except OSError:
            continue
        stamp.append((name, info.st_size, info.st_mtime_ns))
    return stamp


@dataclass
class Entry:
    content: str
    summary: FileSummary
    summary_digest: str
    fingerprint: str = ""
    regions: str = ""
    # module name -> summary digest of every project module the analysis consulted
    depends_on: dict[str, str] = field(default_factory=dict)
    # (every rule's findings, the file's errors) or None when the file was not linted yet
    result: Optional[tuple[Findings, list[FileError]]] = None
    # The source lines the findings and directives start on: the text is not read again.
    lines: dict[int, str] = field(default_factory=dict)
    # The analysis code the entry was made with: a summary is as stale as a result after an
    # upgrade or an edit of torchlint.
    code: str = ""


class LintCache:
    def __init__(self, directory: str, variant: str = "") -> None:
        """``variant`` names an analysis whose entries are kept apart (``script``)."""
        self.directory = Path(directory)
        self.variant = variant
        self.code = hashlib.blake2b(
            json.dumps([__version__, FORMAT, _stamp(_analysis_files())]).encode(), digest_size=16
        ).hexdigest()
        self._loaded: dict[str, Optional[Entry]] = {}
        # Summary digests of the modules read through ``summarizer``, by module name.
        self.digests: dict[str, str] = {}
        self._summarized: set[str] = set()  # the paths ``summarizer`` was asked for

    def _file(self, path: str) -> Path:
        name = os.path.abspath(path) + ("\0" + self.variant if self.variant else "")
        key = hashlib.blake2b(name.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
        return self.directory / f"{key}.pickle"

    def load(self, path: str, content: str) -> Optional[Entry]:
        """The entry for ``path`` if it was made from this exact content."""
        if path not in self._loaded:
            entry = None
            try:
                with open(self._file(path), "rb") as handle:
                    loaded = pickle.load(handle)
                if isinstance(loaded, Entry):
                    entry = loaded
            except Exception:  # missing, corrupt, or written by another version
                entry = None
            self._loaded[path] = entry
        entry = self._loaded[path]
        if entry is None or entry.content != content or entry.code != self.code:
            return None
        return entry

    def summarizer(self, text: str, module: str, path: str, is_package: bool) -> FileSummary:
        """``summarize`` through the cache, for project modules read lazily from disk."""
        content = content_hash(text)
        entry = self.load(path, content)
        if entry is None or entry.summary.module != module:
            summary = summarize(text, module, path, is_package)
            made = Entry(content, summary, summary_digest(summary))
            # A file the index reaches by two module names (its folder is a search root, and
            # it is in a package) keeps the entry of the first asked, or the entry its lint
            # made: not one rewritten by every run.
            if path not in self._summarized and (entry is None or entry.result is None):
                self.store(path, made)
            entry = made
        elif entry.summary.path != path:  # made for the file named by another relative path
            entry.summary = dataclasses.replace(entry.summary, path=path)
        self._summarized.add(path)
        self.digests[module] = entry.summary_digest
        return entry.summary

    def store(self, path: str, entry: Entry) -> None:
        """Write atomically; a cache that cannot be written is silently skipped."""
        entry.code = self.code
        self._loaded[path] = entry
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            gitignore = self.directory / ".gitignore"
            if not gitignore.exists():
                gitignore.write_text("*\n")
            fd, temp = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as handle:
                    pickle.dump(entry, handle, protocol=pickle.HIGHEST_PROTOCOL)
                os.replace(temp, self._file(path))
            except BaseException:
                os.unlink(temp)
                raise
        except OSError:
            pass
