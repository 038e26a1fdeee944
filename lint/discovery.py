"""Which files a run lints: walk the given paths, skip the usual folders and what the settings
exclude, respect .gitignore; a file named explicitly is always linted.

Paths that cannot be linted at all (missing, a broken symbolic link, an unreadable folder) come
back as :class:`FileError` records, so the run reports them and lints everything else.

A file is linted with its project's context (``project_files``): the other files of its
project are indexed, not linted, so a helper linted alone (pre-commit passes only the changed
files) is graph code when a ``forward`` in another file calls it.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Optional

from torchlint.lint.config import PathMatcher
from torchlint.lint.diagnostics import FileError
from torchlint.lint.semantic.index import NEVER_READ_LAZILY, module_name_for_path
from torchlint.lint.settings import Settings

# Folders no one wants linted: VCS data, virtual environments, caches, build output.
DEFAULT_EXCLUDES: tuple[str, ...] = (
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".torchlint_cache",
    ".venv",
    ".vscode",
    "__pycache__",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
)
# Jupyter notebooks are linted cell by cell (lint/notebook.py).
PYTHON_SUFFIXES: tuple[str, ...] = (".py", ".ipynb")


@dataclass
class Discovered:
    files: list[str] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)


# What marks the top folder of a project.
PROJECT_MARKERS: tuple[str, ...] = ("pyproject.toml", "setup.py", "setup.cfg", ".git")
# A "project" with more Python files than this (a home folder under git) is not indexed.
MAX_PROJECT_FILES = 50_000


def _excluded(settings: Settings) -> PathMatcher:
    root = settings.project_root or os.getcwd()
    excludes = settings.exclude if settings.exclude else DEFAULT_EXCLUDES
    return PathMatcher((*excludes, *settings.extend_exclude), root)


def discover(paths: Sequence[str], settings: Settings) -> Discovered:
    """The files to lint under ``paths`` (sorted, each once) and the paths that failed."""
    excluded = _excluded(settings)
    result = Discovered()
    seen: set[str] = set()

    def add(path: str) -> None:
        key = os.path.realpath(path)
        if key not in seen:
            seen.add(key)
            result.files.append(path)

    walked: list[str] = []
    for path in paths:
        if os.path.islink(path) and not os.path.exists(path):
            result.errors.append(FileError(path, _dangling_link_message(path)))
        elif not os.path.exists(path):
            result.errors.append(FileError(path, "no such file or folder"))
        elif os.path.isdir(path):
            walked.extend(_walk(path, excluded, settings.respect_gitignore, result.errors) or [])
        else:
            add(path)  # named explicitly: linted whatever its name or exclusion
    for path in sorted(walked):
        add(path)
    # A path named explicitly and found in a folder too is reported once.
    reported: set[str] = set()
    unique = []
    for error in result.errors:
        key = os.path.abspath(error.path)
        if key not in reported:
            reported.add(key)
            unique.append(error)
    result.errors = unique
    return result


def project_root(
    path: str, markers: dict[str, Optional[str]], excluded: Optional[PathMatcher] = None
) -> Optional[str]:
    """The top folder of the project the file ``path`` belongs to: the nearest folder above it
    holding a ``PROJECT_MARKERS`` entry, unless that lies inside the file's top package (the
    outermost folder of its chain of ``__init__.py`` files) or the file lies in a folder the
    project excludes (a virtual environment's ``site-packages``): then its top package. None
    for a lone script, and for a file of torch's own packages found by their package alone
    (torch's source is context only in a project that holds it). ``markers`` remembers the
    nearest marked folder by folder."""
    folder = os.path.dirname(os.path.abspath(path))
    marked = _marked_folder(folder, markers)
    top_package = None
    if os.path.exists(os.path.join(folder, "__init__.py")):
        module, _, above = module_name_for_path(path)
        head = module.split(".", 1)[0]
        if head not in NEVER_READ_LAZILY:
            top_package = os.path.join(os.fspath(above), head)
    if marked is None or (top_package is not None and _inside(marked, top_package)):
        return top_package
    if excluded:
        between = folder
        while between != marked and _inside(between, marked):
            if excluded.matches(between):
                return top_package
            between = os.path.dirname(between)
    return marked


def _marked_folder(folder: str, markers: dict[str, Optional[str]]) -> Optional[str]:
    """The nearest folder from ``folder`` up holding a project marker."""
    passed = []
    found: Optional[str] = None
    while True:
        if folder in markers:
            found = markers[folder]
            break
        passed.append(folder)
        if any(os.path.exists(os.path.join(folder, marker)) for marker in PROJECT_MARKERS):
            found = folder
            break
        parent = os.path.dirname(folder)
        if parent == folder:
            break
        folder = parent
    for name in passed:
        markers[name] = found
    return found


def _inside(path: str, folder: str) -> bool:
    return path.startswith(folder.rstrip(os.sep) + os.sep)


def project_files(files: Sequence[str], settings: Settings) -> list[str]:
    """The other ``.py`` files of the projects ``files`` belong to (absolute paths, sorted),
    found as ``discover`` finds a folder's: the context a file is linted in. A project with
    more than ``MAX_PROJECT_FILES`` files gives none."""
    markers: dict[str, Optional[str]] = {}
    excluded = _excluded(settings)
    roots: set[str] = set()
    by_folder: dict[str, str] = {}  # one file per folder: they share their project
    for path in files:
        by_folder.setdefault(os.path.dirname(os.path.abspath(path)), path)
    for path in by_folder.values():
        root = project_root(path, markers, excluded)
        if root is not None:
            roots.add(root)
    # A project inside another one (a nested pyproject.toml) is walked with it.
    tops = [r for r in roots if not any(_inside(r, other) for other in roots if other != r)]
    given = {os.path.abspath(path) for path in files}
    found: list[str] = []
    for root in sorted(tops):
        walked = _walk(root, excluded, settings.respect_gitignore, [], MAX_PROJECT_FILES)
        if walked is not None:
            found.extend(p for p in walked if p.endswith(".py") and p not in given)
    return sorted(found)


def _dangling_link_message(path: str) -> str:
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "symbolic link loop"
    return "broken symbolic link"


def _walk(
    top: str,
    excluded: PathMatcher,
    respect_gitignore: bool,
    errors: list[FileError],
    limit: Optional[int] = None,
) -> Optional[list[str]]:
    """Breadth-first, one ``git check-ignore`` batch per folder level; None when more than
    ``limit`` files are found."""
    gitignore = GitIgnore.for_path(top) if respect_gitignore else None
    found: list[str] = []
    level = [top]
    while level:
        next_level: list[str] = []
        candidates: list[str] = []
        for folder in level:
            try:
                entries = sorted(os.scandir(folder), key=lambda e: e.name)
            except OSError as exc:
                errors.append(FileError(folder, f"cannot read folder: {exc.strerror or exc}"))
                continue
            for entry in entries:
                path = os.path.join(folder, entry.name)
                try:
                    # Symbolic links to folders are not followed (no loops, no escaping the tree).
                    is_dir = entry.is_dir(follow_symlinks=False)
                    is_link = entry.is_symlink()
                except OSError:
                    continue
                if is_dir:
                    if not excluded.matches(path):
                        candidates.append(path)
                elif entry.name.endswith(PYTHON_SUFFIXES) and not excluded.matches(path):
                    if is_link and not os.path.exists(path):
                        errors.append(FileError(path, _dangling_link_message(path)))
                    elif not (is_link and os.path.isdir(path)):
                        candidates.append(path)
        if gitignore is not None:
            candidates = gitignore.filter(candidates)
        for path in candidates:
            if os.path.isdir(path) and not os.path.islink(path):
                next_level.append(path)
            else:
                found.append(path)
        if limit is not None and len(found) > limit:
            return None
        level = next_level
    return found


class GitIgnore:
    """Asks git which paths its ignore rules exclude (so every .gitignore feature is right)."""

    def __init__(self, worktree: str, git: str) -> None:
        self.worktree = worktree
        self.git = git

    @classmethod
    def for_path(cls, path: str) -> Optional[GitIgnore]:
        git = shutil.which("git")
        if git is None:
            return None
        folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
        try:
            completed = subprocess.run(
                [git, "-C", folder, "rev-parse", "--show-toplevel"],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.SubprocessError):
            return None
        if completed.returncode != 0 or not completed.stdout.strip():
            return None
        return cls(os.path.realpath(completed.stdout.strip()), git)

    def filter(self, paths: Iterable[str]) -> list[str]:
        paths = list(paths)
        if not paths:
            return paths
        # Resolve the folder, not the entry: a symbolic link is judged by its own name.
        absolute = [
            os.path.join(os.path.realpath(os.path.dirname(os.path.abspath(p))), os.path.basename(p))
            for p in paths
        ]
        inside = [a for a in absolute if a.startswith(self.worktree + os.sep)]
        if not inside:
            return paths
        try:
            completed = subprocess.run(
                [self.git, "-C", self.worktree, "check-ignore", "-z", "--stdin"],
                input="\0".join(inside) + "\0",
                capture_output=True,
                text=True,
                timeout=60,
            )
        except (OSError, subprocess.SubprocessError):
            return paths
        # 0: some paths ignored, 1: none ignored, anything else: git could not tell; lint them all.
        if completed.returncode not in (0, 1):
            return paths
        ignored = set(completed.stdout.split("\0"))
        return [p for p, a in zip(paths, absolute) if a not in ignored]
