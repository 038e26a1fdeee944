"""The project index: summaries of every file in the run, cross-file class and call resolution,
and the graph regions (which functions a back-end compiles, reached from which root).

Built once per run over the files given; project modules they import that were not given are
read lazily from disk (never imported). The same API answers for one file in the editor.
"""

from __future__ import annotations

import heapq
import os
import sys
from collections import deque
from collections.abc import Container, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from torchlint.lint.semantic.summary import (
    BREAKING_DECORATORS,
    EXIT_DECORATORS,
    FACTORY_PREFIX,
    GUARD_CALLS,
    MODULE_BASES,
    REGISTRY_PREFIX,
    RESULT_PREFIX,
    TRAINING_GUARD,
    CallRef,
    ClassSummary,
    FileSummary,
    FunctionSummary,
    GuardTest,
    structure,
    summarize,
)
from torchlint.lint.semantic.trees import ParsedTrees

ALL_TARGETS = frozenset({"script", "trace", "compile", "export"})
# Memo decorators: the body runs once per argument tuple, then the cache answers.
CACHE_DECORATORS = frozenset({"functools.lru_cache", "functools.cache"})
# A function tracing compiles with TorchScript instead of running it under the tracer.
SCRIPT_IF_TRACING = "torch.jit.script_if_tracing"
NO_TARGETS: frozenset[str] = frozenset()
# Guards TorchScript resolves while compiling (the other branch is never compiled).
SCRIPT_STATIC_GUARDS = frozenset({"torch.jit.is_scripting"})
# What a guard test says: the back-ends under which it may be True, and those under which it
# surely is (``if t: body`` runs ``body`` only under the first; ``if t: return`` leaves the rest
# of the block to the back-ends outside the second). A test that says nothing: (ALL, none).
Bounds = tuple[frozenset[str], frozenset[str]]
NO_GUARD: Bounds = (ALL_TARGETS, NO_TARGETS)


def call_bounds(name: str, backends: frozenset[str]) -> Bounds:
    """A guard call (``name``, True exactly under ``backends``)."""
    if name in SCRIPT_STATIC_GUARDS:
        return backends, backends
    # TorchScript decides only `is_scripting()` while compiling; it compiles both branches of
    # any other test, whatever the test says at run time.
    return backends | {"script"}, backends - {"script"}


def not_bounds(bounds: Bounds) -> Bounds:
    return ALL_TARGETS - bounds[1], ALL_TARGETS - bounds[0]


def and_bounds(left: Bounds, right: Bounds) -> Bounds:
    return left[0] & right[0], left[1] & right[1]


def or_bounds(left: Bounds, right: Bounds) -> Bounds:
    return left[0] | right[0], left[1] | right[1]


# The back-ends for which graph code's ``with`` items reach their context managers' methods:
# those that compile the methods (Dynamo inlines ``__enter__``/``__exit__``, TorchScript compiles
# the class). Trace and export run them as Python, state handed from ``__enter__`` to
# ``__exit__`` within one call, which TL311 would read as state a later call reads back.
CONTEXT_MANAGER_TARGETS = frozenset({"compile", "script"})

# What ``forward`` of any nn.Module is a root for. Script joins only from a scripting root, or
# when the user asks ``--target script`` ("can this be scripted?").
MODULE_TARGETS = frozenset({"trace", "compile", "export"})

# The prefix of a module's alternative forwards (see ``_compute_regions``).
ALTERNATIVE_FORWARD = "forward_"

# Packages of the data pipeline: their nn.Modules (transforms, augmentations written as modules,
# as torchvision's v2 transforms are) run on samples in data loaders, not inside a model a
# back-end converts. Their forward is graph code only when a model's graph code reaches it or
# the project hands it to a back-end itself (`torch.compile(transform)`).
DATA_PIPELINE_PACKAGES = frozenset(
    {"data", "datasets", "transforms", "augmentation", "augmentations", "augment"}
)

# Special methods of a function library's public classes that a model's forward runs: making
# the object, calling it and indexing it (``dist[:, -1]`` runs ``__getitem__``).
LIBRARY_API_DUNDERS = ("__new__", "__init__", "__call__", "__getitem__")

# Folders of a function library whose functions are not its API for models.
LIBRARY_API_SKIPPED = DATA_PIPELINE_PACKAGES | {
    "test",
    "tests",
    "testing",
    "example",
    "examples",
    "benchmark",
    "benchmarks",
    "scripts",
    "docs",
    "tools",
    "train",
    "training",
    "cli",
}

# Classes outside the project known to be nn.Module subclasses.
EXTERNAL_MODULE_BASES = frozenset(
    {
        "transformers.PreTrainedModel",
        "transformers.modeling_utils.PreTrainedModel",
        "pytorch_lightning.LightningModule",
        "lightning.LightningModule",
        "lightning.pytorch.LightningModule",
        "torch.jit.ScriptModule",
    }
)
# Calls on an object graph code made itself (`dist = Chain(x); dist.sample()`).
FRESH_OBJECT_CALLS = frozenset({"instance", "instance-read"})
# Making an object runs ``__new__`` (a Tensor subclass's makes the tensor there), then
# ``__init__``. TorchScript compiles no ``__new__``: that one is reached for the others only.
CONSTRUCTORS = ("__new__", "__init__", "__post_init__")
# Decorators that make a method a getter, run by reading the attribute (`dist.partition`).
PROPERTY_DECORATORS = frozenset(
    {"builtins.property", "functools.cached_property", "torch.distributions.utils.lazy_property"}
)
AUTOGRAD_FUNCTION_BASES = frozenset({"torch.autograd.Function", "torch.autograd.function.Function"})
# A torch.distributions transform that is also an nn.Module (pyro's `TransformModule`, a flow's
# layer) runs no forward: `Transform.__call__` runs `_call`, its `.inv` runs `_inverse`, and a
# flow's density adds `log_abs_det_jacobian` (torch 2.13's torch/distributions/transforms.py).
TRANSFORM_BASES = frozenset(
    {"torch.distributions.Transform", "torch.distributions.transforms.Transform"}
)
TRANSFORM_METHODS = ("_call", "_inverse", "log_abs_det_jacobian")
# Packages whose capitalised classes are nn.Module subclasses (einops' layers wrap its ops).
EXTERNAL_MODULE_PACKAGES = ("torch.nn.", "einops.layers.torch.")
# Capitalised names under torch.nn that are no modules (listed from torch 2.13's namespaces:
# parameters, packed sequences, attention's enums and masks, pruning methods).
NOT_MODULE_TORCH_NN = frozenset(
    {
        "torch.nn.Parameter", "torch.nn.Buffer", "torch.nn.UninitializedParameter",
        "torch.nn.UninitializedBuffer", "torch.nn.LinearCrossEntropyOptions",
        "torch.nn.modules.LinearCrossEntropyOptions",
    }
)  # fmt: skip
# torch.nn's private module bases that packages subclass (`class DiceLoss(_Loss)`): torch
# 2.13's classes under torch.nn whose name starts with `_` and which subclass nn.Module (the
# test suite checks the set against torch).
PRIVATE_TORCH_MODULE_BASES = frozenset(
    f"torch.nn.{name}"
    for name in (
        "modules.batchnorm._BatchNorm", "modules.batchnorm._LazyNormBase",
        "modules.batchnorm._NormBase", "modules.conv._ConvNd", "modules.conv._ConvTransposeMixin",
        "modules.conv._ConvTransposeNd", "modules.dropout._DropoutNd",
        "modules.instancenorm._InstanceNorm", "modules.loss._Loss", "modules.loss._WeightedLoss",
        "modules.padding._CircularPadNd", "modules.padding._ConstantPadNd",
        "modules.padding._ReflectionPadNd", "modules.padding._ReplicationPadNd",
        "modules.pooling._AdaptiveAvgPoolNd", "modules.pooling._AdaptiveMaxPoolNd",
        "modules.pooling._AvgPoolNd", "modules.pooling._LPPoolNd", "modules.pooling._MaxPoolNd",
        "modules.pooling._MaxUnpoolNd", "utils.parametrizations._Orthogonal",
        "utils.parametrizations._SpectralNorm", "utils.parametrizations._WeightNorm",
    )
)  # fmt: skip
NOT_MODULE_TORCH_NN_PACKAGES = (
    "torch.nn.parameter.", "torch.nn.utils.rnn.", "torch.nn.utils.prune.", "torch.nn.attention.",
    "torch.nn.init.",
)  # fmt: skip


def _training_guard(test: GuardTest) -> bool:
    """``self.training``, alone or as a part of an ``and``: the guarded code runs only in
    training mode. ``not not self.training`` too: the rest of a block after
    ``if not self.training: return``."""
    if test == TRAINING_GUARD:
        return True
    if type(test) is tuple and test[0] == "not" and type(test[1]) is tuple and test[1][0] == "not":
        return _training_guard(test[1][1])
    return type(test) is tuple and test[0] == "and" and any(map(_training_guard, test[1:]))


@dataclass
class Region:
    """A function that is graph code: the back-ends that compile it and the roots that reach it."""

    qualname: str
    targets: frozenset[str]
    roots: list[str] = field(default_factory=list)


# Per folder as given: the names of the packages it is in (innermost first) and the sys.path
# entry above them.
FolderMemo = dict[str, tuple[tuple[str, ...], Path]]


def module_name_for_path(path: str, folders: Optional[FolderMemo] = None) -> tuple[str, bool, Path]:
    """(dotted module name, is package __init__, the sys.path entry it is importable from).
    ``os.path``, not ``pathlib``: once per file of a run, a sixth of a warm run with pathlib.
    ``folders`` keeps what was found for each folder, for a run over many files of the same
    folders (the files' folders must not change meanwhile)."""
    given_folder, name = os.path.split(path)
    linked = os.path.isabs(path) and os.path.islink(path)  # named by where the link points
    known = folders.get(given_folder) if folders is not None and not linked else None
    if known is None:
        path = os.path.realpath(path) if os.path.isabs(path) else os.path.abspath(path)
        folder, name = os.path.split(path)
        chain: list[str] = []
        while os.path.exists(os.path.join(folder, "__init__.py")):
            parent, folder_name = os.path.split(folder)
            if parent == folder:
                break
            chain.append(folder_name)
            folder = parent
        known = (tuple(chain), Path(folder))
        if folders is not None and not linked:
            folders[given_folder] = known
    is_package = name == "__init__.py"
    parts = [*reversed(known[0]), *([] if is_package else [os.path.splitext(name)[0]])]
    return ".".join(parts), is_package, known[1]


def is_torch_module_class(qualname: str) -> bool:
    if (
        qualname in MODULE_BASES
        or qualname in EXTERNAL_MODULE_BASES
        or qualname in PRIVATE_TORCH_MODULE_BASES
    ):
        return True
    if (
        qualname.startswith(EXTERNAL_MODULE_PACKAGES)
        and qualname not in NOT_MODULE_TORCH_NN
        and not qualname.startswith(NOT_MODULE_TORCH_NN_PACKAGES)
    ):
        last = qualname.rsplit(".", 1)[-1]
        return last[:1].isupper() and "functional" not in qualname
    return False


# Packages whose modules are project code only when given to the run: torch's APIs are known
# by name (guards, factories, module classes), and following re-exports into its source from a
# package installed beside it read 2-5 M characters of torch._dynamo and torch.fx per run.
NEVER_READ_LAZILY = frozenset({"torch"})


class ProjectIndex:
    """Summaries by module name, cross-file lookups, and graph regions."""

    def __init__(self, script_all_modules: bool = False) -> None:
        self.by_module: dict[str, FileSummary] = {}
        self.by_path: dict[str, FileSummary] = {}
        # Folders project modules are looked up in, in order (a dict as an ordered set).
        self.search_roots: dict[Path, None] = {}
        self.script_all_modules = script_all_modules
        # Answers of is_module_class and mro, with the modules each consulted (see _recorded).
        self._module_class_cache: dict[str, tuple[bool, frozenset[str]]] = {}
        self._mros: dict[
            str, tuple[list[tuple[str, FileSummary, ClassSummary]], frozenset[str]]
        ] = {}
        self._lookups: dict[str, tuple[Optional[tuple[str, FileSummary, str]], frozenset[str]]] = {}
        self._star_names: dict[str, tuple[Optional[str], frozenset[str]]] = {}
        self._foreign: dict[str, tuple[Optional[str], frozenset[str]]] = {}
        self._regions: Optional[dict[str, Region]] = None
        # The public functions of the project's function libraries, roots of the regions too
        # (``_library_api``): what their parameters are, no forward tells.
        self.library_api: frozenset[str] = frozenset()
        # The graph functions reached only in training mode, for the regions computed with.
        self._training_only: Optional[tuple[dict[str, Region], frozenset[str]]] = None
        self._held: Optional[tuple[dict[str, Region], frozenset[str]]] = None
        self._cache_only: Optional[tuple[dict[str, Region], frozenset[str]]] = None
        self._missing: set[str] = set()
        # The files given to the run by their real paths (made when first asked).
        self._given_by_real: Optional[dict[str, FileSummary]] = None
        # Lowercased entry names of the search roots (None: unreadable), listed once each, and
        # by a module name's first part (lowercased), the roots that may hold it, in order.
        self._listings: dict[Path, Optional[set[str]]] = {}
        self._roots_by_head: dict[str, list[Path]] = {}
        # When a set, every module name looked up is recorded (what a file's result depends on).
        self.accessed: Optional[set[str]] = None
        # Graph functions by the graph functions that call them (filled with the regions).
        self._callers: dict[str, set[str]] = {}
        # Graph methods reached on an object of a subclass of their own class (an inherited
        # method of the module being compiled): those classes, whose overrides ``self.m()``
        # there calls (filled with the regions).
        self._subclasses_reached: dict[str, set[str]] = {}
        self._overrides: dict[tuple[str, str], list[str]] = {}
        # What the semantic models of files found (``ModelFacts`` in model.py: return kinds),
        # from their lint or built on demand for cross-file kinds; and the editor's unsaved
        # buffers (``lint_text``; everything else is read from disk).
        self.models: dict[str, object] = {}
        # Per module, the argument kinds its graph functions pass to other files' functions, as
        # the first model of it found them (its lint's, or one built on demand): once per run,
        # however many callees ask.
        self.outgoing_kinds: dict[str, dict] = {}
        self.texts: dict[str, str] = {}
        # Per linted module, the modules and the module texts its lint read (when recorded).
        self.lint_dependencies: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        # Modules whose text (not only summary) an analysis consulted, when a set.
        self.accessed_text: Optional[set[str]] = None
        # libcst trees shared by a file's lint and models of it built on demand, when kept.
        self.trees: Optional[ParsedTrees] = None
        # Summarises project modules read lazily from disk; the engine swaps in a cached one.
        self.summarizer: Callable[[str, str, str, bool], FileSummary] = summarize
        # Module names' folders, while a run adds many files (``module_name_for_path``); not
        # kept by a long-lived index, whose folders may gain or lose an ``__init__.py``.
        self.folders: Optional[FolderMemo] = None

    # -- building ------------------------------------------------------------------------
    def add_source(self, path: str, text: str, revision: bool = False) -> FileSummary:
        """Add (or replace) a file. ``revision``: ``text`` revises the file's text that the index
        holds, as a fix round does: only this file's own facts are dropped, and the regions too
        when its structure (its summary without positions) changed; the other files' models and
        the kinds they pass stand, from their texts as they are. (Deriving them all again once
        per fixed file made a fix run grow with the project times the files fixed.)"""
        module, is_package, root = module_name_for_path(path, self.folders)
        summary = summarize(text, module, path, is_package)
        old = self.by_module.get(module)
        if revision and old is not None and old.path == path:
            self.by_module[module] = self.by_path[path] = summary
            self._forget_answers()  # they may hold the old summary's objects
            if structure(old) != structure(summary):
                self._regions = None
            self.models.pop(module, None)
            self.outgoing_kinds.pop(module, None)
            self.lint_dependencies.pop(module, None)
            return summary
        self.add_summary(summary, root)
        return summary

    def add_cached(self, summary: FileSummary) -> bool:
        """Add a summary made earlier from the same content (the cache); False, adding
        nothing, when the file's module name has changed since (an ``__init__.py`` added or
        removed above it)."""
        module, _, root = module_name_for_path(summary.path, self.folders)
        if module != summary.module:
            return False
        self.add_summary(summary, root)
        return True

    def add_summary(self, summary: FileSummary, search_root: Optional[Path] = None) -> None:
        self.by_module[summary.module] = summary
        self.by_path[summary.path] = summary
        self._given_by_real = None
        if search_root is not None:
            self.search_roots.setdefault(search_root, None)
        script_dir = Path(os.path.dirname(os.path.abspath(summary.path)))
        self.search_roots.setdefault(script_dir, None)
        self._roots_by_head.clear()
        self._forget_answers()
        self._regions = None
        self.models.clear()
        self.outgoing_kinds.clear()
        self.lint_dependencies.clear()

    def _may_hold(self, root: Path, head: str) -> bool:
        """Whether ``root`` has an entry named ``head`` or ``head.py`` (compared without case,
        for case-insensitive file systems), from one listing per folder."""
        names = self._listings.get(root, False)
        if names is False:
            try:
                names = {name.lower() for name in os.listdir(root)}
            except OSError:
                names = None  # unknown: look as before
            self._listings[root] = names
        return names is None or head.lower() in names or f"{head}.py".lower() in names

    def get_module(self, module: str) -> Optional[FileSummary]:
        """The summary of a project module, reading it from disk if it was not given."""
        if self.accessed is not None:
            self.accessed.add(module)
        found = self.by_module.get(module)
        if found is not None or module in self._missing or not module:
            return found
        head = module.split(".", 1)[0]
        if head in NEVER_READ_LAZILY:
            self._missing.add(module)
            return None
        rel = Path(*module.split("."))
        roots = self._roots_by_head.get(head.lower())
        if roots is None:
            # Neither candidate can exist in the others: no stat calls for them. (A tree linted
            # folder by folder has a search root per folder: transformers' models, 700.)
            roots = [root for root in self.search_roots if self._may_hold(root, head)]
            self._roots_by_head[head.lower()] = roots
        for candidate in self._candidates(roots, module, head, rel):
            if not candidate.is_file():
                continue
            given = self._given_file(candidate)
            if given is not None:
                # A file given to the run under another name: the folder it lies in has no
                # ``__init__.py`` (a namespace package, torch4d's), so the file was named from
                # that folder, and a sibling imports it with the folder's name in front.
                self.by_module[module] = given
                self._forget_answers()
                return given
            try:
                text = candidate.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            summary = self.summarizer(
                text, module, os.fspath(candidate), candidate.name == "__init__.py"
            )
            self.by_module[module] = summary
            self._forget_answers()
            return summary
        self._missing.add(module)
        return None

    def _candidates(self, roots: list[Path], module: str, head: str, rel: Path) -> Iterator[Path]:
        """The files that may hold ``module``, in order: under each search root, then (for a
        dotted name) under a search root that is itself the folder ``head`` with no
        ``__init__.py``: a namespace package whose files were named from inside it."""
        for root in roots:
            yield root / rel.with_suffix(".py")
            yield root / rel / "__init__.py"
        if "." not in module:
            return
        inner = Path(*module.split(".")[1:])
        for root in self.search_roots:
            if root.name == head and not (root / "__init__.py").exists():
                yield root / inner.with_suffix(".py")
                yield root / inner / "__init__.py"

    def _given_file(self, candidate: Path) -> Optional[FileSummary]:
        """The summary of a file given to the run that ``candidate`` is, by its real path."""
        if self._given_by_real is None:
            self._given_by_real = {
                os.path.realpath(path): summary for path, summary in self.by_path.items()
            }
        return self._given_by_real.get(os.path.realpath(candidate))

    # -- lookups ---------------------------------------------------------------------------
    def lookup(self, qualname: str, _depth: int = 0) -> Optional[tuple[str, FileSummary, str]]:
        """Resolve a qualified name to ("class"|"function"|"method", file, local name).

        Follows re-exports (``from .models import Net`` in a package ``__init__``). Answers are
        kept (with the modules they consulted, recorded again for the file asking): the kinds
        and regions ask the same few thousand names hundreds of thousands of times.
        """
        if _depth == 0:
            return self._recorded(self._lookups, qualname, self._resolve)
        if _depth > 9 or not qualname:
            return None
        parts = qualname.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            module = ".".join(parts[:cut])
            summary = self.get_module(module)
            if summary is None:
                continue
            local = ".".join(parts[cut:])
            if local in summary.classes:
                return ("class", summary, local)
            if local in summary.functions:
                return ("function", summary, local)
            owner, _, method = local.rpartition(".")
            if owner in summary.classes and method in summary.classes[owner].methods:
                return ("method", summary, local)
            if method == "apply" and self.is_autograd_function(summary.qualify(owner)):
                # `Fn.apply(x)` runs `Fn.forward(ctx, x)`: graph code for every back-end.
                forward = self.find_method(summary.qualify(owner), "forward")
                if forward is not None:
                    return self.lookup(forward[0], _depth + 1)
            head = parts[cut]
            if head in summary.imports:
                rest = parts[cut + 1 :]
                return self.lookup(".".join([summary.imports[head], *rest]), _depth + 1)
            if head in summary.defined_names:
                return None  # defined here (no class or function)
            # `from m import *`: the last star import whose module exports the name binds it
            # (its `__all__`, or its public names without one).
            for star in reversed(summary.star_imports):
                exporter = self.get_module(star)
                if exporter is None or not exporter.exports(head):
                    continue
                found = self.lookup(f"{star}.{local}", _depth + 1)
                if found is not None:
                    return found
            return None
        return None

    def star_name(self, summary: FileSummary, dotted: str) -> Optional[str]:
        """The qualified name that ``dotted`` (``sigma``, ``T.tanh``) has in ``summary``'s file
        where no statement of the file binds its head but a ``from m import *`` does: the
        project definition it binds (``pkg.util.sigma``), or what the star module imported
        under that name (``torch.tanh`` for ``import torch as T`` there). Follows star imports
        of star modules; honours ``__all__``. None where no star import binds the head."""
        if not summary.star_imports:
            return None
        head, _, rest = dotted.partition(".")
        base = self._recorded(self._star_names, f"{summary.module}:{head}", self._star_binding)
        if base is None:
            return None
        return sys.intern(f"{base}.{rest}") if rest else base

    def _star_binding(self, key: str) -> Optional[str]:
        module, _, head = key.partition(":")
        seen: set[str] = set()
        importer = self.get_module(module)
        stars = list(reversed(importer.star_imports)) if importer is not None else []
        while stars:
            star = stars.pop(0)
            if star in seen or len(seen) > 20:
                continue
            seen.add(star)
            exporter = self.get_module(star)
            if exporter is None or not exporter.exports(head):
                continue
            if head in exporter.imports:
                return exporter.imports[head]
            if head in exporter.defined_names:
                return exporter.qualify(head)
            stars[:0] = reversed(exporter.star_imports)  # what it star-imported, it exports
        return None

    def foreign_name(self, qualname: str) -> Optional[str]:
        """The name outside the project that a project module's name re-exports, or None.

        ``from .jit_utils import cartesian_prod`` where jit_utils has ``cartesian_prod =
        torch.cartesian_prod`` (or ``from torch import cartesian_prod``): the call is
        ``torch.cartesian_prod``'s, and its kind is torch's. None for a name the project
        defines (a class, a function, a value) or cannot resolve.
        """
        return self._recorded(self._foreign, qualname, self._follow_export)

    def _follow_export(self, qualname: str) -> Optional[str]:
        seen: set[str] = set()
        name = qualname
        while name not in seen and len(seen) < 10:
            seen.add(name)
            parts = name.split(".")
            for cut in range(len(parts) - 1, 0, -1):
                summary = self.get_module(".".join(parts[:cut]))
                if summary is None:
                    continue
                head = parts[cut]
                if (
                    head in summary.classes
                    or head in summary.functions
                    or head not in summary.imports
                ):
                    return None  # defined here, or a value: the project's own
                name = ".".join([summary.imports[head], *parts[cut + 1 :]])
                break
            else:
                # No project module holds it: a name outside the project, when one was reached.
                return name if name != qualname else None
        return None

    def class_info(self, qualname: str) -> Optional[tuple[FileSummary, ClassSummary]]:
        found = self.lookup(qualname)
        if found and found[0] == "class":
            return found[1], found[1].classes[found[2]]
        return None

    def _resolve(self, qualname: str) -> Optional[tuple[str, FileSummary, str]]:
        return self.lookup(qualname, 1)

    def is_module_class(self, qualname: str) -> bool:
        """Whether a class is an ``nn.Module`` subclass, through any chain of project classes."""
        return self._recorded(self._module_class_cache, qualname, self._is_module_class)

    def _is_module_class(self, qualname: str) -> bool:
        self._module_class_cache[qualname] = (False, frozenset())  # cycle guard
        if is_torch_module_class(qualname):
            return True
        info = self.class_info(qualname)
        return info is not None and any(self.is_module_class(base) for base in info[1].bases)

    def is_autograd_function(self, qualname: str) -> bool:
        """Whether a class subclasses ``torch.autograd.Function``, through project classes."""
        return self.derives_from(qualname, AUTOGRAD_FUNCTION_BASES)

    def derives_from(self, qualname: str, bases: Container[str]) -> bool:
        """Whether a project class derives from one of ``bases`` (qualified names of classes
        outside the project), through any chain of project classes."""
        return any(base in bases for _, _, cls in self.mro(qualname) for base in cls.bases)

    def mro(self, qualname: str) -> list[tuple[str, FileSummary, ClassSummary]]:
        """Project classes in (depth-first, left-to-right) resolution order, starting at
        ``qualname``. Kept for the run: callers must not change the list."""
        return self._recorded(self._mros, qualname, self._mro)

    def _mro(self, qualname: str) -> list[tuple[str, FileSummary, ClassSummary]]:
        seen: set[str] = set()
        order: list[tuple[str, FileSummary, ClassSummary]] = []
        # Iterative, not a recursive closure: a closure that calls itself is a reference cycle,
        # garbage only the cyclic collector frees, made on every call.
        pending = [qualname]
        while pending:
            name = pending.pop()
            if name in seen or len(order) > 64:
                continue
            seen.add(name)
            info = self.class_info(name)
            if info is None:
                continue
            order.append((name, info[0], info[1]))
            pending.extend(reversed(info[1].bases))
        return order

    def _forget_answers(self) -> None:
        """Drop the kept answers (lookups, module classes, resolution orders): a summary added
        to the index can change any of them."""
        self._lookups.clear()
        self._star_names.clear()
        self._foreign.clear()
        self._module_class_cache.clear()
        self._mros.clear()

    def _recorded(
        self, known: dict[str, tuple[Any, frozenset[str]]], key: str, compute: Callable[[str], Any]
    ) -> Any:
        """``compute(key)``, kept in ``known`` with the modules it consulted, which are recorded
        again for each file asking (as ``lookup`` does): a file's cached result must depend on
        every module its answers came from."""
        found = known.get(key)
        if found is None:
            outer, self.accessed = self.accessed, set()
            try:
                value = compute(key)
            finally:
                consulted, self.accessed = self.accessed, outer
            found = known[key] = (value, frozenset(consulted))
        if self.accessed is not None:
            self.accessed.update(found[1])
        return found[0]

    def find_method(
        self, class_qualname: str, method: str, after: Optional[str] = None
    ) -> Optional[tuple[str, FileSummary, FunctionSummary]]:
        """The method ``method`` as ``class_qualname`` resolves it (after ``after`` for super())."""
        skipping = after is not None
        for name, summary, cls in self.mro(class_qualname):
            if skipping:
                skipping = name != after
                continue
            if method in cls.methods:
                return f"{name}.{method}", summary, cls.methods[method]
        return None

    def attribute_class(self, class_qualname: str, attr: str, item: bool = False) -> Optional[str]:
        """The project or torch class stored in ``self.<attr>`` (or its items, for containers)."""
        for _, _, cls in self.mro(class_qualname):
            if item and attr in cls.container_items:
                return cls.container_items[attr]
            if not item and attr in cls.attributes:
                value = cls.attributes[attr]
                return None if value.startswith("<") else self._made_by(value)
        return None

    def setting(self, class_qualname: str, attr: str) -> tuple[bool, object]:
        """``(True, value)`` when ``self.<attr>`` holds ``value`` on every object of the class
        the project makes: ``__init__`` stores a parameter's constant default there and sets
        it nowhere else (``ClassSummary.settings``), no project class derives from the class,
        and the project makes it at least once and never passes that parameter (no ``*args``
        or ``**kwargs`` either). ``if self.check_input and not torch.isfinite(x).all():`` with
        ``check_input=False`` then never tests the tensor on a model the project builds.
        ``(False, None)`` otherwise."""
        for name, _, cls in self.mro(class_qualname):
            if attr not in cls.settings:
                if attr in cls.attributes:
                    return False, None  # a buffer registered by name
                continue
            param, position, value = cls.settings[attr]
            if not param or "__init__" not in cls.methods:
                return False, None
            if self._never_passed(name, param, position, attr):
                return True, value
            return False, None
        return False, None

    def _never_passed(self, class_qualname: str, param: str, position: int, attr: str) -> bool:
        made = 0
        summaries = list(self.by_path.values())
        for summary in summaries:
            if self.accessed is not None:
                self.accessed.add(summary.module)
            if attr in summary.stored_attributes:
                return False  # `layer.strict = True` somewhere: set from outside
            for cls in summary.classes.values():
                if any(self._same_class(base, class_qualname) for base in cls.bases):
                    return False  # a subclass's `super().__init__(...)` may pass it
            for target, calls in summary.constructions.items():
                if not self._same_class(target, class_qualname):
                    continue
                for call in calls:
                    if call is None:
                        return False
                    positional, keywords = call
                    if param in keywords or (position >= 0 and positional > position):
                        return False
                    made += 1
        return made > 0

    def _same_class(self, name: str, class_qualname: str) -> bool:
        if name == class_qualname:
            return True
        if name.rpartition(".")[2] != class_qualname.rpartition(".")[2]:
            return False
        found = self.lookup(name)
        return found is not None and found[1].qualify(found[2]) == class_qualname

    def attribute_marker(self, class_qualname: str, attr: str, _depth: int = 0) -> Optional[str]:
        """What ``self.<attr>`` holds: a class name, or "<tensor>", "<const>", "<modules>", ..."""
        for _, _, cls in self.mro(class_qualname):
            if attr in cls.attributes:
                value = cls.attributes[attr]
                if value.startswith("<of:"):
                    # `self.g = sig.g` of a local `sig = Signature(...)`: a tensor when that
                    # class keeps one there, else a setting read off it.
                    held, _, held_attr = value[4:-1].rpartition(":")
                    found = self.lookup(held)
                    inner = (
                        self.attribute_marker(found[1].qualify(found[2]), held_attr, _depth + 1)
                        if found is not None and found[0] == "class" and _depth < 4
                        else None
                    )
                    return "<tensor>" if inner == "<tensor>" else "<config>"
                return value if value.startswith("<") else self._made_by(value)
        return None

    def _made_by(self, callee: str, _depth: int = 0) -> str:
        """The class whose instance a call of ``callee`` makes: the class itself, for a
        classmethod factory (``TaskHeads.build(...)``, which returns ``cls(...)``) its class,
        and for a function that returns a project class's instance (``make_coupling(...)``,
        which returns ``HalfSplit(...)`` or ``GraphicalCoupling(...)``) the first such class."""
        found = self.lookup(callee)
        if found is not None and found[0] == "method":
            owner, _, name = found[2].rpartition(".")
            method = found[1].classes[owner].methods[name]
            if "builtins.classmethod" in method.decorators:
                return found[1].qualify(owner)
        if found is not None and found[0] == "function" and _depth < 3:
            for made in found[1].functions[found[2]].returns_calls:
                cls = self._made_by(made, _depth + 1)
                if self.class_info(cls) is not None:
                    return cls
        return callee

    # -- graph regions -------------------------------------------------------------------------
    def regions(self) -> dict[str, Region]:
        """Every graph function in the project, keyed by its fully qualified name."""
        if self._regions is None:
            self._regions = self._compute_regions()
        return self._regions

    def training_only(self, qualname: str) -> bool:
        """Whether graph code reaches the function only through calls made in training mode
        (under ``if self.training:``, in the function or in a caller), so that an eval-mode
        export or trace never runs it."""
        regions = self.regions()
        if self._training_only is None or self._training_only[0] is not regions:
            self._training_only = (regions, self._compute_training_only(regions))
        return qualname in self._training_only[1]

    def _compute_training_only(self, regions: dict[str, Region]) -> frozenset[str]:
        roots = [root for region in regions.values() for root in region.roots]
        reached, in_eval = self._paths_keeping(
            roots, lambda call, callee: not any(map(_training_guard, call.guard))
        )
        return frozenset(reached - in_eval)

    def cache_only(self, qualname: str) -> bool:
        """Whether graph code reaches the function only through a function under
        ``functools.lru_cache`` / ``functools.cache`` (the function itself, or every path to it
        passing one): its body runs on the first call of each argument tuple, the cache answers
        after that."""
        regions = self.regions()
        if self._cache_only is None or self._cache_only[0] is not regions:
            roots = [root for region in regions.values() for root in region.roots]
            reached, uncached = self._paths_keeping(
                roots, lambda call, callee: not self._memoised(callee)
            )
            memoised = {name for name in reached if self._memoised(name)}
            self._cache_only = (regions, frozenset((reached - uncached) | memoised))
        return qualname in self._cache_only[1]

    def _memoised(self, name: str) -> bool:
        found = self._function(name)
        return found is not None and any(d in CACHE_DECORATORS for d in found[1].decorators)

    def _paths_keeping(
        self, seeds: list[str], keeps: Callable[[CallRef, str], bool]
    ) -> tuple[set[str], set[str]]:
        """The graph functions reached from ``seeds``, and those reached along a path whose
        every call ``keeps(call, callee)`` says goes on keeping the property the seeds have
        (an eval-mode path: no call under ``if self.training:``)."""
        queue: deque[tuple[str, bool]] = deque((seed, True) for seed in seeds)
        reached: set[str] = set()
        kept: set[str] = set()
        while queue:
            name, keeping = queue.popleft()
            if name in (kept if keeping else reached):
                continue
            reached.add(name)
            if keeping:
                kept.add(name)
            found = self._function(name)
            if found is None:
                continue
            summary, fn, owner = found
            for concrete in (None, *self._subclasses_reached.get(name, ())):
                for callee, _, call in self._callees(summary, fn, owner, concrete):
                    queue.append((callee, keeping and keeps(call, callee)))
        return reached, kept

    def on_fresh_object(self, qualname: str) -> bool:
        """Whether graph code runs the method only on objects it makes itself (``dist =
        Chain(x); dist.sample()``, the constructor of one): its writes to ``self`` set up an
        object of this call, no state a later call reads back."""
        regions = self.regions()
        if self._held is None or self._held[0] is not regions:
            self._held = (regions, self._compute_held(regions))
        return qualname in regions and qualname not in self._held[1]

    def _compute_held(self, regions: dict[str, Region]) -> frozenset[str]:
        """The graph functions reached with a ``self`` that outlives the call: a module's, or
        an object one holds (every root's, a hook's, and what their ``self`` calls pass on)."""
        seeds = [root for region in regions.values() for root in region.roots]
        seeds.extend(name for name in regions if not self._callers.get(name))
        # The API of a function library (torch-pca's `PCA.fit`): the model that calls it, not
        # in the project, makes the object (`PCA(k).fit_transform(x)` in its forward), as
        # `_library_api` takes it; which object outlives the call is the caller's to show.
        seeds = [seed for seed in seeds if seed not in self.library_api]
        _, held = self._paths_keeping(seeds, lambda call, callee: not _made_here(call, callee))
        return frozenset(held)

    def has_graph_code(self, summary: FileSummary) -> bool:
        """Whether any function of this file is graph code."""
        return any(self.region_for(summary.module, name) for name in _qualnames(summary))

    def graph_functions(self, summary: FileSummary) -> list[str]:
        """The qualified names (within the module) of this file's graph functions."""
        return [name for name in _qualnames(summary) if self.region_for(summary.module, name)]

    def region_for(self, module: str, qualname: str) -> Optional[Region]:
        return self.regions().get(f"{module}.{qualname}" if module else qualname)

    def callers(self, fq_name: str) -> set[str]:
        """Graph functions that call ``fq_name`` (fully qualified), from any file."""
        self.regions()
        return self._callers.get(fq_name, set())

    def overrides_called(self, caller: str, method: str) -> list[tuple[str, FileSummary]]:
        """The overrides of ``method`` that ``self.<method>(...)`` in the graph method ``caller``
        (fully qualified) calls besides the one its own class resolves: those of the subclasses
        it is reached on (``Coupling.forward`` compiled for ``PiecewiseCoupling`` calls that
        class's ``_coupling_transform_forward``)."""
        self.regions()
        subclasses = self._subclasses_reached.get(caller)
        if not subclasses:
            return []
        key = (caller, method)
        names = self._overrides.get(key)
        if names is None:
            base = self.find_method(caller.rpartition(".")[0], method)
            found: dict[str, None] = {}
            for cls in sorted(subclasses):
                override = self.find_method(cls, method)
                if override is not None and (base is None or override[0] != base[0]):
                    found[override[0]] = None
            names = self._overrides[key] = list(found)
        # Their files looked up now, not kept: a revised file has a new summary.
        overrides = []
        for name in names:
            resolved = self.lookup(name)
            if resolved is not None:
                overrides.append((name, resolved[1]))
        return overrides

    def concrete_classes(self, owner: str) -> set[str]:
        """The subclasses whose instances graph code reaches the methods of ``owner`` on (a
        mixin's ``track_usage`` runs as ``Quantizer.track_usage``)."""
        self.regions()
        prefix = owner + "."
        found: set[str] = set()
        for method, classes in self._subclasses_reached.items():
            if method.startswith(prefix) and "." not in method[len(prefix) :]:
                found |= classes
        return found

    def callers_first(self, modules: list[str]) -> tuple[list[str], set[str]]:
        """``modules`` reordered so that a module whose graph functions call another's comes
        before it, else in the order given (a cycle is broken at the module with the fewest
        callers left); and those of them that others of them call. Linting in this order, a
        callee's parameter kinds come from its callers' own models, not from models of them
        built again on demand (transformers: 440 models, 19 M characters parsed twice)."""
        self.regions()  # which graph functions call which
        position = {module: number for number, module in enumerate(modules)}
        callees_of: dict[str, set[str]] = {module: set() for module in modules}
        callers_left = dict.fromkeys(modules, 0)
        for callee, callers in self._callers_by_module().items():
            if callee not in position:
                continue
            for caller in callers:
                if caller in position and caller != callee:
                    callees_of[caller].add(callee)
                    callers_left[callee] += 1
        heap = [(callers_left[module], position[module], module) for module in modules]
        heapq.heapify(heap)
        ordered: list[str] = []
        done: set[str] = set()
        while heap:
            left, _, module = heapq.heappop(heap)
            if module in done or left != callers_left[module]:
                continue  # linted, or an entry from before its count went down
            done.add(module)
            ordered.append(module)
            for callee in callees_of[module]:
                if callee not in done:
                    callers_left[callee] -= 1
                    heapq.heappush(heap, (callers_left[callee], position[callee], callee))
        return ordered, set().union(*callees_of.values())

    def _callers_by_module(self) -> dict[str, set[str]]:
        """For each module with graph functions called from other graph functions, the modules
        of those callers."""
        by_module: dict[str, set[str]] = {}
        for callee, callers in self._callers.items():
            found = self.lookup(callee)
            if found is None:
                continue
            modules = by_module.setdefault(found[1].module, set())
            for caller in callers:
                caller_found = self.lookup(caller)
                if caller_found is not None:
                    modules.add(caller_found[1].module)
        return by_module

    def _compute_regions(self) -> dict[str, Region]:
        regions: dict[str, Region] = {}
        self._callers = {}
        self._subclasses_reached = {}
        self._overrides = {}
        # (function, targets, root, the class `self` is: an inherited method's `self.m()` calls
        # that class's override).
        queue: deque[tuple[str, frozenset[str], str, Optional[str]]] = deque()
        module_targets = MODULE_TARGETS | ({"script"} if self.script_all_modules else set())

        # A module imported under a second name (a namespace package) is one file: once.
        for summary in list({id(s): s for s in self.by_module.values()}.values()):
            in_data_pipeline = not DATA_PIPELINE_PACKAGES.isdisjoint(summary.module.split("."))
            for local, cls in summary.classes.items():
                fq_class = summary.qualify(local)
                if not self.is_module_class(fq_class):
                    continue
                if in_data_pipeline and not self._holds_state(fq_class):
                    continue  # an augmentation; a flow's `transforms` hold layers and weights
                # A public `forward_<mode>` (`forward_trajectory`, `forward_features`) is a
                # forward a caller runs in the module's place: its model's graph code, traced,
                # compiled and exported with it (scripting compiles `forward` and its callees).
                for name in cls.methods:
                    if name.startswith(ALTERNATIVE_FORWARD) and not self.is_autograd_function(
                        fq_class
                    ):
                        method = f"{fq_class}.{name}"
                        queue.append((method, MODULE_TARGETS, method, fq_class))
                if "forward" in cls.methods:
                    queue.append(
                        (f"{fq_class}.forward", module_targets, f"{fq_class}.forward", fq_class)
                    )
                    # Forward hooks it registers run inside its forward.
                    for hook in cls.hooks:
                        if hook.startswith("self."):
                            method = self.find_method(fq_class, hook[len("self.") :])
                            if method is not None:
                                queue.append(
                                    (method[0], module_targets, f"{fq_class}.forward", fq_class)
                                )
                        else:
                            queue.append((hook, module_targets, f"{fq_class}.forward", None))
                else:
                    inherited = self.find_method(fq_class, "forward")
                    if inherited is not None:
                        queue.append((inherited[0], module_targets, inherited[0], fq_class))
                # A `__call__` the class (or a project base) overrides runs when the module
                # is called: torch.compile, torch.export and torch.jit.trace call it around
                # `forward` (torch 2.13); torch.jit.script compiles `forward` alone.
                call = self.find_method(fq_class, "__call__")
                if call is not None:
                    queue.append((call[0], module_targets - {"script"}, call[0], fq_class))
                if self.derives_from(fq_class, TRANSFORM_BASES):
                    for name in TRANSFORM_METHODS:
                        method = self.find_method(fq_class, name)
                        if method is not None:
                            queue.append((method[0], module_targets, method[0], fq_class))
            for root in summary.roots:
                self._enqueue_root(root.target, root.backends, queue)
            for local in summary.forwards:
                # A function installed as a module's forward: the module runs it, and
                # scripting the module compiles it (torch 2.13 reads `module.forward`).
                forward = summary.qualify(local)
                queue.append((forward, module_targets, forward, None))

        self.library_api = frozenset(self._library_api())
        for api in self.library_api:
            queue.append((api, module_targets, api, None))

        done: dict[tuple[str, Optional[str]], frozenset[str]] = {}
        scripted_classes: set[str] = set()
        while queue:
            fq_name, targets, root, concrete = queue.popleft()
            found = self._function(fq_name)
            if found is None:
                continue
            summary, fn, owner = found
            if owner is None or concrete == owner:
                concrete = None
            if owner is not None and fq_name.endswith(".__new__"):
                targets = targets - {"script"}
            for dec in fn.decorators:
                targets = targets - EXIT_DECORATORS.get(dec, frozenset())
                if dec == SCRIPT_IF_TRACING and "trace" in targets:
                    # Tracing scripts it (torch 2.13): TorchScript compiles its loops and
                    # tests, sizes included, so trace bakes nothing in there.
                    targets = (targets - {"trace"}) | {"script"}
            if not targets:
                continue
            seen = done.get((fq_name, concrete), frozenset())
            if targets <= seen:
                continue
            done[(fq_name, concrete)] = seen | targets
            if concrete is not None:
                self._subclasses_reached.setdefault(fq_name, set()).add(concrete)
            region = regions.get(fq_name)
            if region is not None:
                region.targets = region.targets | targets
            else:
                region = regions[fq_name] = Region(fq_name, targets, [root])
            # A project decorator's inner functions (the wrapper it returns) run around the
            # decorated function: `@timed("block")` over a forward.
            for dec in fn.decorators:
                for wrapper in self._decorator_functions(dec):
                    self._callers.setdefault(wrapper, set()).add(fq_name)
                    queue.append((wrapper, targets, root, None))
            # Functions nested in it are graph code with it (the linter reads them so): what
            # they call is reached too (mpc.pytorch's `LQRStep` defines the `lqr_backward`
            # its autograd Function's forward calls, which calls the QP solver).
            nested_prefix = f"{fn.qualname}.<locals>."
            for name in summary.functions:
                if name.startswith(nested_prefix) and "<locals>" not in name[len(nested_prefix) :]:
                    nested = summary.qualify(name)
                    self._callers.setdefault(nested, set()).add(fq_name)
                    queue.append((nested, targets, root, None))
            # A call under a guard reaches its callee only for the back-ends the guard leaves.
            for callee, callee_class, call in self._callees(summary, fn, owner, concrete):
                reached = targets & self.call_targets(call) if call.guard else targets
                if "script" in reached and self._unscripted_object_method(callee, call):
                    reached = reached - {"script"}
                if (
                    "script" in reached
                    and callee.endswith(".__call__")
                    and callee_class is not None
                    and self.is_module_class(callee_class)
                ):
                    # A module's own __call__: scripted code calls the submodule's forward.
                    reached = reached - {"script"}
                if reached:
                    self._callers.setdefault(callee, set()).add(fq_name)
                    queue.append((callee, reached, root, callee_class))
            for callee, callee_class, call in self._context_managers(fn, concrete or owner):
                reached = targets & CONTEXT_MANAGER_TARGETS & self.call_targets(call)
                if reached:
                    self._callers.setdefault(callee, set()).add(fq_name)
                    queue.append((callee, reached, root, callee_class))
            if "script" in targets:
                # A plain class named in a scripted signature (``buf: Optional[BufferIO]``)
                # becomes a TorchScript class: every method of it is compiled, for script only.
                for call in fn.calls:
                    if call.kind != "annotation":
                        continue
                    found_class = self.lookup(call.target)
                    if found_class is None or found_class[0] != "class":
                        continue
                    fq = found_class[1].qualify(found_class[2])
                    plain = found_class[1].classes[found_class[2]]
                    if not _plain_class(plain):
                        continue  # a NamedTuple, an Enum, a dataclass, a module: not this
                    for name in plain.methods:
                        queue.append((f"{fq}.{name}", frozenset({"script"}), root, fq))
            this = concrete or owner
            if this is not None and "script" in targets and this not in scripted_classes:
                # Scripting a module compiles its submodules and @torch.jit.export methods too
                # (once per class: any of its methods reached for script tells it is scripted).
                scripted_classes.add(this)
                for _, _, cls in self.mro(this):
                    for value in cls.attributes.values():
                        if not value.startswith("<") and self.is_module_class(value):
                            forward = self.find_method(value, "forward")
                            if forward is not None:
                                queue.append((forward[0], frozenset({"script"}), root, value))
                    for name, method in cls.methods.items():
                        # Its properties too, used or not (`__jit_unused_properties__` aside).
                        if "torch.jit.export" in method.decorators or (
                            "builtins.property" in method.decorators
                            and name not in cls.unused_properties
                        ):
                            resolved = self.find_method(this, name)
                            if resolved is not None:
                                queue.append((resolved[0], frozenset({"script"}), root, this))
        return regions

    def _library_api(self) -> list[str]:
        """The public functions of the project's function libraries: packages (folders with an
        ``__init__.py``) that import torch and define no torch module anywhere (roma's
        rotations, torch-struct's dynamic programs, dsntnn's heatmap functions). Nothing in
        such a package is a forward, yet it exists to be called from one: its public API is
        graph code wherever a model calls it, and each call may be compiled, exported, traced
        or scripted with the model; unless another part of the project imports the package,
        or a class of it defines a ``forward`` (an autograd Function's aside): module code,
        whose calls then say what is graph code. A module class that inherits its forward
        from torch (torch-dct's ``LinearDCT(nn.Linear)``, which only builds its weight) does
        not count. Public: a module-level function or a method of a module-level class whose
        name and module path have no leading underscore (``__init__``, ``__call__``,
        ``__getitem__`` and properties count: a model makes, calls and indexes such objects in
        forward, ``dist[:, -1]``), outside the
        package's tests, examples and data pipeline; and a function a public module imports
        from a private one."""
        packages: dict[str, list[FileSummary]] = {}
        for summary in self.by_path.values():
            if "." in summary.module or summary.path.endswith("__init__.py"):
                packages.setdefault(summary.module.split(".", 1)[0], []).append(summary)
        # Packages another part of the project imports (its tests and examples aside): its
        # calls say what is graph code.
        used = {
            target.split(".", 1)[0]
            for summary in self.by_path.values()
            if not _tests_or_examples(summary.path)
            for target in summary.imports.values()
            if target.split(".", 1)[0] != summary.module.split(".", 1)[0]
        }
        api: list[str] = []
        for package, files in packages.items():
            if package in used or not any(summary.imports_torch for summary in files):
                continue
            if any(
                "forward" in cls.methods and not self.is_autograd_function(summary.qualify(local))
                for summary in files
                for local, cls in summary.classes.items()
            ):
                # A forward of its own (a module, or a class written as one, its base outside
                # the project) says what is graph code; a module class that only builds its
                # weights (torch-dct's `LinearDCT(nn.Linear)`) runs torch's forward, which
                # calls none of the package's functions.
                continue
            public = [
                summary
                for summary in files
                if not any(
                    p.startswith("_") or p in LIBRARY_API_SKIPPED
                    for p in summary.module.split(".")[1:]
                )
            ]
            # What a public module imports from a private one is public too (torch-dct's
            # `__init__` re-exports `dct` from `torch_dct._dct`).
            # A class too, with its public methods: torchsde's `__init__` imports
            # `BrownianInterval` from `torchsde._brownian`, whose `__init__` imports it from
            # `torchsde._brownian.brownian_interval` (followed to where it is defined).
            reexported = {target for summary in public for target in summary.imports.values()}
            for target in list(reexported):
                found = self.lookup(target)
                if found is not None and found[0] != "method":
                    reexported.add(found[1].qualify(found[2]))
            for summary in files:
                if summary not in public:
                    api.extend(
                        name
                        for local in summary.functions
                        if (name := summary.qualify(local)) in reexported
                    )
                is_public = summary in public
                api.extend(
                    summary.qualify(local)
                    for local in summary.functions
                    if is_public and not local.startswith("_") and "." not in local
                )
                for local, cls in summary.classes.items():
                    if "." in local or (
                        summary.qualify(local) not in reexported
                        if not is_public
                        else local.startswith("_")
                    ):
                        continue
                    # An autograd Function's backward (and jvp) run only when gradients are
                    # asked for, not in the model's forward: autograd calls them, no caller.
                    autograd = self.is_autograd_function(summary.qualify(local))
                    api.extend(
                        f"{summary.qualify(local)}.{name}"
                        for name in cls.methods
                        if (not name.startswith("_") or name in LIBRARY_API_DUNDERS)
                        and not (autograd and name in ("backward", "jvp", "vjp"))
                    )
        return api

    def _holds_state(self, class_qualname: str) -> bool:
        """Whether the module class (or a project base) holds a submodule, a container of
        them, or a tensor (a parameter or buffer): model code, not a data transform."""
        for _, _, cls in self.mro(class_qualname):
            for value in cls.attributes.values():
                if value in ("<modules>", "<tensor>") or (
                    not value.startswith("<") and self.is_module_class(value)
                ):
                    return True
        return False

    def _decorator_functions(self, decorator: str, depth: int = 0) -> list[str]:
        """The functions nested in the project function ``decorator`` names (its wrapper),
        as qualified names; empty for a library decorator or a class. A decorator that
        nests none but hands the function to other project decorators (gpytorch's and
        linear-operator's ``cached`` returns ``_cached(method=method, name=name)`` or
        ``_cached_ignore_args(...)``, whose wrapper ``g`` runs around every call) gives
        theirs."""
        found = self.lookup(decorator)
        if found is None or found[0] != "function":
            return []
        _, summary, local = found
        function = summary.functions[local]
        if function.registers:
            return []  # it stores the function in a registry: nothing runs around calls
        prefix = f"{local}.<locals>."
        nested = [summary.qualify(name) for name in summary.functions if name.startswith(prefix)]
        if nested or depth > 0:
            return nested
        handed: list[str] = []
        for call in function.calls:
            target = self.lookup(call.target) if call.kind == "name" else None
            if target is not None and target[0] == "function":
                handed += self._decorator_functions(target[1].qualify(target[2]), depth + 1)
        return handed

    def _enqueue_root(self, target: str, backends: frozenset[str], queue: deque) -> None:
        found = self.lookup(target)
        if found is None:
            return
        kind, summary, local = found
        fq = summary.qualify(local)
        if kind == "class":
            if self.is_module_class(fq):
                method = self.find_method(fq, "forward")
                if method:
                    queue.append((method[0], backends, f"{fq}.forward", fq))
        else:
            queue.append((fq, backends, fq, None))

    def _function(
        self, fq_name: str
    ) -> Optional[tuple[FileSummary, FunctionSummary, Optional[str]]]:
        found = self.lookup(fq_name)
        if found is None:
            return None
        kind, summary, local = found
        if kind == "function":
            return summary, summary.functions[local], None
        if kind == "method":
            owner, _, method = local.rpartition(".")
            return summary, summary.classes[owner].methods[method], summary.qualify(owner)
        return None

    def _callees(
        self,
        summary: FileSummary,
        fn: FunctionSummary,
        owner: Optional[str],
        concrete: Optional[str] = None,
    ) -> list[tuple[str, Optional[str], CallRef]]:
        """The functions ``fn`` calls, each with the class its ``self`` is (None: not a
        method call on this object) and the call that reaches it."""
        callees: list[tuple[str, Optional[str], CallRef]] = []
        this = concrete or owner
        managers = {(call.target, call.line) for call in fn.calls if call.kind == "with"}
        for call in fn.calls:
            if call.kind == "name" and call.target.startswith(FACTORY_PREFIX):
                # `solver = get_solver(key); solver(x)`: any function the factory gives.
                made = self.factory_functions(call.target[len(FACTORY_PREFIX) :])
                callees.extend((f, None, call) for f in made)
            elif call.kind == "name":
                found = self.lookup(call.target)
                if found and found[0] in ("function", "method"):
                    callees.append((found[1].qualify(found[2]), None, call))
                elif found and found[0] == "class":
                    # Making a plain object runs its constructor (a module's is no graph code
                    # a forward means to run: it is built once, in the caller's __init__; a
                    # `with` item's, with its __enter__ and __exit__, is _context_managers').
                    cls = found[1].qualify(found[2])
                    if not self.is_module_class(cls) and (call.target, call.line) not in managers:
                        for name in CONSTRUCTORS:
                            method = self.find_method(cls, name)
                            if method:
                                callees.append((method[0], cls, call))
            elif call.kind in ("instance", "instance-read"):
                if call.kind == "instance" and call.method == "__call__":
                    # `solver_fn = select(name); solver_fn(sde)`: the local holds a class a
                    # project function returns, and calling it makes one.
                    for cls in self.returned_classes(call.target):
                        for name in CONSTRUCTORS:
                            method = self.find_method(cls, name)
                            if method:
                                callees.append((method[0], cls, call))
                for cls in self.instance_classes(call.target):
                    name = call.method
                    if name == "__call__" and self.is_module_class(cls):
                        name = "forward"
                        callees.extend(self._module_call_override(cls, call))
                    method = self.find_method(cls, name)
                    if method and (call.kind == "instance" or _is_property(method[2])):
                        callees.append((method[0], cls, call))
            elif call.kind == "param":
                # A method of the project class a parameter is annotated with (its subclasses'
                # overrides are not followed).
                method = self.find_method(call.target, call.method)
                if method:
                    callees.append((method[0], call.target, call))
            elif call.kind == "registry":
                callees.extend((f, None, call) for f in self.registry_functions(call.target))
            elif this is None:
                continue
            elif call.kind == "self":
                method = self.find_method(this, call.target)
                if method:
                    callees.append((method[0], this, call))
                else:
                    cls = self.attribute_class(this, call.target)
                    if cls:
                        # A module runs its forward; a plain object its own __call__.
                        entry = "forward" if self.is_module_class(cls) else "__call__"
                        if entry == "forward":
                            callees.extend(self._module_call_override(cls, call))
                        method = self.find_method(cls, entry)
                        if method:
                            callees.append((method[0], cls, call))
                    callees.extend(
                        (f, None, call) for f in self.attribute_functions(this, call.target)
                    )
            elif call.kind == "read":
                # ``self.scale`` of a ``@property``: reading it runs the getter.
                method = self.find_method(this, call.target)
                if method and _is_property(method[2]):
                    callees.append((method[0], this, call))
            elif call.kind == "attr-read":
                cls = self.attribute_class(this, call.target)
                method = self.find_method(cls, call.method) if cls else None
                if method and _is_property(method[2]):
                    callees.append((method[0], cls, call))
            elif call.kind in ("attr", "item"):
                cls = self.attribute_class(this, call.target, item=call.kind == "item")
                if cls:
                    name = call.method
                    if name == "__call__" and self.is_module_class(cls):
                        name = "forward"  # a plain object's call runs its own __call__
                        callees.extend(self._module_call_override(cls, call))
                    method = self.find_method(cls, name)
                    if method:
                        callees.append((method[0], cls, call))
            elif call.kind == "super":
                method = self.find_method(this, call.target, after=owner)
                if method:
                    callees.append((method[0], this, call))
        return callees

    def _module_call_override(
        self, cls: str, call: CallRef
    ) -> list[tuple[str, Optional[str], CallRef]]:
        """``__call__`` of a module class that a project class overrides (gpytorch's
        ``Kernel.__call__``, ``ExactGP.__call__``, a variational strategy's): calling the
        module runs it around (or instead of) ``forward``, inside the caller's graph. Only
        eager calls run it: TorchScript compiles a submodule's ``forward`` (``regions``
        drops script for it)."""
        method = self.find_method(cls, "__call__")
        return [(method[0], cls, call)] if method is not None else []

    def _unscripted_object_method(self, callee: str, call: CallRef) -> bool:
        """A method of an object graph code makes that TorchScript does not compile with the
        scripted code: one of a NamedTuple, a dataclass, an Enum or any class not plain
        (TorchScript compiles the methods of plain classes only; calling another's fails
        at the call, not in the method)."""
        if not _made_here(call, callee):
            return False
        info = self.class_info(callee.rpartition(".")[0])
        return info is None or not _plain_class(info[1])

    def _context_managers(
        self, fn: FunctionSummary, this: Optional[str]
    ) -> list[tuple[str, Optional[str], CallRef]]:
        """The methods ``fn``'s ``with`` items run, each with its class: ``__enter__`` and
        ``__exit__`` of a project class constructed there (``with Timer(...):``, its
        ``__init__`` too), bound to a local name, or held in ``self.<attr>``; and the ``with``
        item's call."""
        methods: list[tuple[str, Optional[str], CallRef]] = []
        for call in fn.calls:
            if call.kind == "with":
                found = self.lookup(call.target)
                if found is None or found[0] != "class":
                    continue
                cls: Optional[str] = found[1].qualify(found[2])
            elif call.kind == "with-attr" and this is not None:
                cls = self.attribute_class(this, call.target)
            else:
                continue
            if cls is None:
                continue
            for name in (call.method, "__enter__", "__exit__"):
                method = self.find_method(cls, name) if name else None
                if method is not None:
                    methods.append((method[0], cls, call))
        return methods

    def attribute_functions(self, class_qualname: str, attr: str) -> list[str]:
        """Project functions stored in ``self.<attr>`` (``self.attn_fn = partial(fn, ...)``,
        ``self.calib = CALIBRATORS[method]``)."""
        functions = []
        for _, _, cls in self.mro(class_qualname):
            for ref in cls.callables.get(attr, ()):
                if ref.startswith(REGISTRY_PREFIX):
                    functions.extend(self.registry_functions(ref[len(REGISTRY_PREFIX) :]))
                    continue
                if ref.startswith(FACTORY_PREFIX):
                    functions.extend(self.factory_functions(ref[len(FACTORY_PREFIX) :]))
                    continue
                found = self.lookup(ref)
                # A method: `self.operation = self._concatenation` holds a bound method.
                if found is not None and found[0] in ("function", "method"):
                    functions.append(found[1].qualify(found[2]))
        return functions

    def factory_functions(self, qualname: str) -> list[str]:
        """The functions a call of the project function ``qualname`` may give: the entries of
        the dicts of callables it returns from (``get_solver(key)`` -> ``_solvers[key]``)."""
        found = self.lookup(qualname)
        if found is None or found[0] != "function":
            return []
        function = found[1].functions[found[2]]
        made = [f for name in function.returns_registries for f in self.registry_functions(name)]
        for returned in function.returns_functions:
            # `LQRStep(...)` returning `LQRStepFn.apply`: a call of the result runs the
            # Function's forward (lookup's answer for `.apply`).
            target = self.lookup(returned)
            if target is not None and target[0] in ("function", "method"):
                made.append(target[1].qualify(target[2]))
        return made

    def returned_classes(self, qualname: str) -> list[str]:
        """The project classes the project function ``qualname`` returns bare (torchsde's
        ``select(method)``: ``return Euler``, ``return SRK``, ...): a factory of classes."""
        found = self.lookup(qualname)
        if found is None or found[0] != "function":
            return []
        classes = []
        for name in found[1].functions[found[2]].returns_names:
            named = self.lookup(name)
            if named is not None and named[0] == "class":
                classes.append(named[1].qualify(named[2]))
        return classes

    def instance_classes(self, target: str) -> list[str]:
        """The project classes a local holds an instance of: the class called, or every class
        in the dict of classes whose entry was called (``REGISTRY_PREFIX`` + its name), or
        every class a factory of classes returns, when what it returned was called
        (``RESULT_PREFIX`` + the factory's name)."""
        if target.startswith(RESULT_PREFIX):
            return self.returned_classes(target[len(RESULT_PREFIX) :])
        if target.startswith(REGISTRY_PREFIX):
            names = self.registry_entries(target[len(REGISTRY_PREFIX) :])
        else:
            names = [target]
        classes = []
        for name in names:
            found = self.lookup(name)
            if found is not None and found[0] == "class":
                classes.append(found[1].qualify(found[2]))  # its own module's name
        return classes

    def registry_functions(self, qualname: str) -> list[str]:
        """The functions in a dict of callables named ``qualname``: a module-level dict, or a
        module-level instance of a class whose body holds one (following re-exports)."""
        functions = []
        for ref in self.registry_entries(qualname):
            found = self.lookup(ref)
            if found is not None and found[0] in ("function", "method"):
                functions.append(found[1].qualify(found[2]))
        return functions

    def registry_entries(self, qualname: str, _depth: int = 0) -> list[str]:
        """The names a dict of callables (or of classes) named ``qualname`` holds."""
        if _depth > 8:
            return []
        module, _, name = qualname.rpartition(".")
        summary = self.get_module(module) if module else None
        if summary is None:
            return []
        refs: list[str] = list(summary.registries.get(name, ()))
        # An instance, or the class itself (a local name bound to an instance resolves to it).
        holder = summary.instances.get(name) or (qualname if name in summary.classes else None)
        if holder is not None:
            for _, _, cls in self.mro(holder):
                for values in cls.registries.values():
                    refs.extend(values)
        elif name in summary.imports and not refs:
            return self.registry_entries(summary.imports[name], _depth + 1)
        return refs

    def call_targets(self, call: CallRef) -> frozenset[str]:
        """The back-ends under which ``call`` runs, after the guards around it (all of them,
        for a call no guard narrows)."""
        reached = ALL_TARGETS
        for test in call.guard:
            reached = reached & self.guard_bounds(test)[0]
        return reached

    def guard_bounds(self, test: GuardTest) -> Bounds:
        """What a guard test of a summary (``CallRef.guard``) says of the back-ends, as
        ``FileModel.guard_targets`` reads a test in the tree: the same calls and combinations
        (a summary cannot tell a size's ``isinstance`` test, which says nothing here)."""
        if test is None:
            return NO_GUARD
        if type(test) is str:
            backends = self.guard_function(test)
            return NO_GUARD if backends is None else call_bounds(test, backends)
        operator = test[0]
        if operator == "not":
            return not_bounds(self.guard_bounds(test[1]))
        combine = and_bounds if operator == "and" else or_bounds
        bounds = self.guard_bounds(test[1])
        for part in test[2:]:
            bounds = combine(bounds, self.guard_bounds(part))
        return bounds

    def guard_function(self, qualname: str, _depth: int = 0) -> Optional[frozenset[str]]:
        """Back-ends under which the project function ``qualname`` surely returns True, when it
        wraps guard calls (``def is_tracing(): return torch.jit.is_tracing() or ...``)."""
        if qualname in GUARD_CALLS:
            return GUARD_CALLS[qualname]
        if _depth > 4:
            return None
        found = self._function(qualname)
        if found is None or not found[1].guard_calls:
            return None
        backends: Optional[frozenset[str]] = None
        for call in found[1].guard_calls:
            inner = self.guard_function(call, _depth + 1)
            if inner is not None:
                backends = inner if backends is None else backends | inner
        return backends

    def breaking_function(self, qualname: str) -> bool:
        """Whether calling this project function breaks a torch.compile graph (it is disabled)."""
        found = self._function(qualname)
        if found is None:
            return False
        return any(dec in BREAKING_DECORATORS for dec in found[1].decorators)


def _tests_or_examples(path: str) -> bool:
    """A file of a project's tests, examples, scripts or docs (``tests/test_maps.py``)."""
    parts = Path(path).parts
    name = parts[-1] if parts else ""
    return (
        name.startswith("test_")
        or name.endswith("_test.py")
        or name == "conftest.py"
        or any(part in LIBRARY_API_SKIPPED for part in parts[-3:-1])  # near it, not above
    )


def _qualnames(summary: FileSummary) -> Iterator[str]:
    """Every function and method of a file, by qualified name within its module."""
    yield from summary.functions
    for owner, cls in summary.classes.items():
        for method in cls.methods:
            yield f"{owner}.{method}"


def _is_property(method: FunctionSummary) -> bool:
    return not PROPERTY_DECORATORS.isdisjoint(method.decorators)


def _made_here(call: CallRef, callee: str) -> bool:
    """Whether ``call`` runs ``callee`` on an object the calling graph code made itself: a
    method of a local instance, or the constructor of a class it calls."""
    return call.kind in FRESH_OBJECT_CALLS or (
        call.kind == "name" and callee.rpartition(".")[2] in CONSTRUCTORS
    )


def _plain_class(cls: ClassSummary) -> bool:
    """A class TorchScript compiles as a class of its own: undecorated, bases only object."""
    return not cls.decorators and all(base == "builtins.object" for base in cls.bases)
