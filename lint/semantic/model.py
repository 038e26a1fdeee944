"""The semantic model of one file, as rules see it during the shared traversal.

It ties the file's libcst tree to the project index: which function each node is in, whether
that function is graph code and for which back-ends (after guards such as
``if not torch.compiler.is_compiling():``), and the kind of every expression in graph code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Optional

import libcst as cst
import libcst.matchers as m

from torchlint.lint.dynamo_tables import nn_parameter_modules
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments
from torchlint.lint.parser import parse
from torchlint.lint.semantic.index import (
    ALTERNATIVE_FORWARD,
    NO_GUARD,
    Bounds,
    ProjectIndex,
    Region,
    and_bounds,
    call_bounds,
    not_bounds,
    or_bounds,
)
from torchlint.lint.semantic.kinds import STAR_ARGS, STAR_KWARGS, Kind, KindInference, join
from torchlint.lint.semantic.skeleton import graph_skeleton
from torchlint.lint.semantic.summary import BREAKING_DECORATORS, FileSummary
from torchlint.lint.source import Source, SourceError

# Guards: the call, the back-ends under which it returns True.

# Dtypes the examples a model is converted on do not have (they are float32).
NON_EXAMPLE_DTYPES = frozenset(
    {"torch.float16", "torch.half", "torch.bfloat16", "torch.float64", "torch.double"}
)
EMPTY_TARGETS: frozenset[str] = frozenset()
TRACE_ONLY = frozenset({"trace"})
SCRIPT_ONLY = frozenset({"script"})


@dataclass
class FunctionInfo:
    node: cst.FunctionDef
    qualname: str
    owner_class: Optional[str]  # fully qualified class name, for methods
    region: Optional[Region]
    parent: Optional[FunctionInfo] = None


class FileModel:
    """Semantic facts about one file, for rules. Read through :class:`LintContext`."""

    def __init__(self, module: cst.Module, summary: FileSummary, index: ProjectIndex) -> None:
        self.module = module
        self.summary = summary
        self.index = index
        self.functions: dict[int, FunctionInfo] = {}
        # Ids of the statements that are or hold a graph function (a region's root), from the
        # module down: what a walk for graph code cannot skip.
        self.graph_holders: set[int] = set()
        self._by_qualname: dict[str, FunctionInfo] = {}
        # Property setters (``@scale.setter def scale(self, value)``) by qualified name, which
        # they share with their getter.
        self._setters: dict[str, FunctionInfo] = {}
        self._inferences: dict[int, KindInference] = {}
        # Parameter kinds from this file's call sites: those the inference reads (from the last
        # pass), and those the current pass records.
        self._kind_of: Optional[Callable[[cst.BaseExpression], Kind]] = None
        self._param_kinds: dict[str, dict[str, Kind]] = {}
        self._recorded: dict[str, dict[str, Kind]] = {}
        # Kinds of what graph code puts into a list an object keeps (``self.results.append(0)``,
        # ``self.results[-1] = ih.sum()``), by (class, attribute): those the inference reads
        # (from the last pass), and those the current pass records.
        # Each: the kinds stored, and whether a list method stored one (the attribute is a list).
        self._stored_items: dict[tuple[str, str], tuple[frozenset[Kind], bool]] = {}
        self._recorded_items: dict[tuple[str, str], tuple[frozenset[Kind], bool]] = {}
        # Kinds a constructor that graph code runs (an object made in forward: a torch
        # Distribution of the network's outputs) stores in ``self.<attr>``, by (class,
        # attribute): those the inference reads (from the last pass), and this pass's.
        self._init_attrs: dict[tuple[str, str], frozenset[Kind]] = {}
        self._recorded_init_attrs: dict[tuple[str, str], frozenset[Kind]] = {}
        self._return_kinds: dict[str, Kind] = {}
        self._return_tuples: dict[str, Optional[dict[int, tuple[Kind, ...]]]] = {}
        # What other files read from this model (the same dicts, filled by the inference).
        self.facts = ModelFacts(self._return_kinds, self._return_tuples)
        self._in_progress: set[int] = set()
        # Return kinds of this file's helpers inferred again for one call's argument kinds
        # (``_specialised_return``), by the function and those kinds; while one runs, it
        # records nothing (its call sites are the caller's, already joined in).
        self._specialised: dict[tuple[str, frozenset], Kind] = {}
        self._specialising = 0
        # During the first inference pass, other files' models are not built (see _infer_all).
        self._defer_other_files = False
        self._deferred = False
        self.global_kinds: dict[str, Kind] = {}
        self._qualified: dict[str, Optional[str]] = {}
        # Kinds of the arguments this file passes to graph functions of other files.
        self.outgoing: dict[str, dict[str, Kind]] = {}
        self._collect(module.body, [], None, None, [])
        self.has_graph_code = bool(self.graph_holders)
        if self.has_graph_code:
            index.models[summary.module] = None  # other files asking meanwhile get no answer
            self._infer_all()
        # Other files read only the facts and the argument kinds this file passes them: they
        # stay for the run, the model (and its tree) goes with the lint that built it.
        index.models[summary.module] = self.facts
        index.outgoing_kinds.setdefault(summary.module, self.outgoing)

    def release(self) -> None:
        """Drop the inferences once no lint uses this model: each points back at the model, and
        that cycle would keep the file's tree alive until the cyclic collector runs."""
        self._inferences.clear()

    # -- structure ------------------------------------------------------------------------
    def _collect(
        self,
        body: object,
        scope: list[str],
        owner: Optional[str],
        parent: Optional[FunctionInfo],
        enclosing: list[int],
    ) -> None:
        for stmt in body:  # type: ignore[attr-defined]
            if isinstance(stmt, cst.ClassDef):
                # The methods of a class defined in a function are its methods, as the
                # summary has them (`make.Block.forward`), not local functions of that one.
                name = ".".join([*scope, stmt.name.value])
                self._collect(
                    stmt.body.body,
                    [*scope, stmt.name.value],
                    self.summary.qualify(name),
                    None,
                    [*enclosing, id(stmt)],
                )
            elif isinstance(stmt, cst.FunctionDef):
                if parent is not None:
                    qual = f"{parent.qualname}.<locals>.{stmt.name.value}"
                else:
                    qual = ".".join([*scope, stmt.name.value])
                region = self.index.region_for(self.summary.module, qual)
                info = FunctionInfo(
                    stmt, qual, owner if parent is None else parent.owner_class, region, parent
                )
                self.functions[id(stmt)] = info
                self._by_qualname.setdefault(qual, info)
                if any(
                    m.matches(
                        d.decorator,
                        m.Attribute(value=m.Name(stmt.name.value), attr=m.Name("setter")),
                    )
                    for d in stmt.decorators
                ):
                    self._setters[qual] = info
                if region is not None:
                    self.graph_holders.update(enclosing)
                    self.graph_holders.add(id(stmt))
                self._collect(
                    stmt.body.body, [*scope, stmt.name.value], owner, info, [*enclosing, id(stmt)]
                )
            elif isinstance(stmt, (cst.If, cst.Try, cst.With, cst.For, cst.While)):
                for child in self._child_blocks(stmt):
                    self._collect(child, scope, owner, parent, [*enclosing, id(stmt)])
            elif parent is None and not scope and isinstance(stmt, cst.SimpleStatementLine):
                for small in stmt.body:
                    if isinstance(small, (cst.Assign, cst.AnnAssign)) and small.value is not None:
                        targets = small.targets if isinstance(small, cst.Assign) else [small]
                        for target in targets:
                            if isinstance(target.target, cst.Name):
                                self.global_kinds[target.target.value] = self._global_value_kind(
                                    small.value
                                )

    @staticmethod
    def _child_blocks(stmt: cst.CSTNode) -> list[object]:
        blocks = []
        for attr in ("body", "orelse", "finalbody"):
            value = getattr(stmt, attr, None)
            if isinstance(value, cst.BaseSuite):
                blocks.append(value.body)
            elif isinstance(value, (cst.Else, cst.Finally)):
                blocks.append(value.body.body)
            elif isinstance(value, cst.If):
                blocks.append([value])
        for handler in getattr(stmt, "handlers", ()):
            blocks.append(handler.body.body)
        return blocks

    def _global_value_kind(self, value: cst.BaseExpression) -> Kind:
        if isinstance(value, (cst.Integer, cst.Float, cst.SimpleString, cst.ConcatenatedString)):
            return Kind.CONST
        if isinstance(value, cst.UnaryOperation) and isinstance(
            value.expression, (cst.Integer, cst.Float)
        ):
            return Kind.CONST
        if isinstance(value, (cst.Tuple, cst.List, cst.Dict, cst.Set)):
            return Kind.CONST
        if isinstance(value, cst.Name) and value.value in ("True", "False", "None"):
            return Kind.CONST
        if isinstance(value, cst.Name) and self.global_kinds.get(value.value) == Kind.CONST:
            return Kind.CONST  # `B = A` of a constant bound above
        if isinstance(value, cst.BinaryOperation):
            # `SEMITONE = 2.0 ** (1.0 / 12.0)`, `HALF = WIDTH // 2`: arithmetic of constants.
            left = self._global_value_kind(value.left)
            right = self._global_value_kind(value.right)
            return Kind.CONST if left == right == Kind.CONST else Kind.UNKNOWN
        if isinstance(value, cst.Attribute) and (self.qualified_name(value) or "").startswith(
            "math."
        ):
            return Kind.CONST  # `math.pi`
        if isinstance(value, cst.Call):
            name = self.qualified_name(value.func) or ""
            if name.startswith("math.") and all(
                self._global_value_kind(a.value) == Kind.CONST for a in value.args
            ):
                return Kind.CONST  # `LOG2 = math.log(2.0)`
            if (
                name.startswith("torch.")
                and name.rsplit(".", 1)[-1][:1].islower()
                and not name.startswith(("torch.cuda.", "torch.device", "torch.backends."))
            ):
                return Kind.TENSOR
        return Kind.UNKNOWN

    # -- names -----------------------------------------------------------------------------
    def qualified_name(self, node: cst.CSTNode) -> Optional[str]:
        """``F.relu`` -> ``torch.nn.functional.relu``, ``print`` -> ``builtins.print``."""
        if type(node) is cst.Name:  # the most common question, without building a list
            dotted = node.value  # type: ignore[attr-defined]
        else:
            parts: list[str] = []
            while type(node) is cst.Attribute:
                parts.append(node.attr.value)  # type: ignore[attr-defined]
                node = node.value  # type: ignore[attr-defined]
            if type(node) is not cst.Name:
                return None
            parts.append(node.value)  # type: ignore[attr-defined]
            dotted = ".".join(reversed(parts))
        if dotted not in self._qualified:
            name = self.summary.resolve_dotted(dotted)
            if name is None and self.summary.star_imports:
                # Bound by `from m import *` (`sigma(x)` of a helper module's `sigma`).
                name = self.index.star_name(self.summary, dotted)
            if name is not None and not name.startswith(("builtins.", "torch.")):
                # A project module's re-export of torch (``from .utils import cartesian_prod``
                # of ``cartesian_prod = torch.cartesian_prod``): the torch function's name.
                name = self.index.foreign_name(name) or name
            self._qualified[dotted] = name
        return self._qualified[dotted]

    def global_kind(self, name: str) -> Kind:
        if name in self.global_kinds:
            return self.global_kinds[name]
        if name in self.summary.imports or name in self.summary.defined_names:
            return Kind.CONST
        return Kind.UNKNOWN

    # -- regions ---------------------------------------------------------------------------
    def reached_targets(self) -> frozenset[str]:
        """The back-ends that reach any of this file's code (empty: no graph code)."""
        return frozenset().union(
            *(info.region.targets for info in self.functions.values() if info.region is not None)
        )

    def function_info(self, node: cst.FunctionDef) -> Optional[FunctionInfo]:
        return self.functions.get(id(node))

    def function_targets(self, info: FunctionInfo, enclosing: frozenset[str]) -> frozenset[str]:
        """Back-ends that compile this function: its own region, or its enclosing function's."""
        if info.region is not None:
            return info.region.targets
        return enclosing

    def guard_targets(
        self,
        test: cst.BaseExpression,
        kind_of: Optional[Callable[[cst.BaseExpression], Kind]] = None,
    ) -> Optional[tuple[frozenset[str], frozenset[str]]]:
        """For a test that reads which back-end is converting (``torch.jit.is_tracing()``,
        ``not is_compiling() and verbose``, a project ``is_tracing()`` wrapping those): the
        back-ends under which it may be True, and those under which it surely is. None for a
        test that says nothing about back-ends.

        ``if t: body`` runs ``body`` only under the first set; ``if t: return`` leaves the
        rest of the block to the back-ends outside the second. With ``kind_of``,
        ``isinstance(n, torch.Tensor)`` of a size ``n`` is a guard too: sizes are tensors only
        while tracing.
        """
        self._kind_of = kind_of
        bounds = self._guard_bounds(test)
        if bounds == NO_GUARD:
            return None
        return bounds

    def _guard_bounds(self, test: cst.BaseExpression) -> Bounds:
        # The same calls and combinations as the index's ``guard_bounds`` for guards around
        # calls in summaries (which reach a callee only for the back-ends they leave).
        kind = type(test)
        if kind is cst.UnaryOperation and type(test.operator) is cst.Not:  # type: ignore[attr-defined]
            return not_bounds(self._guard_bounds(test.expression))  # type: ignore[attr-defined]
        if kind is cst.Call:
            name = self.qualified_name(test.func)  # type: ignore[attr-defined]
            backends = self.index.guard_function(name) if name else None
            if backends is not None:
                return call_bounds(name, backends)  # type: ignore[arg-type]
            if name == "builtins.isinstance" and self._is_size_tensor_test(test):  # type: ignore[arg-type]
                return TRACE_ONLY, TRACE_ONLY
        elif kind is cst.Comparison and self._non_example_dtype_test(test):
            # `if x.dtype == torch.float64: warnings.warn(...)`: no back-end runs the body on
            # float32 examples (Dynamo guards on the dtype and never traces it).
            return EMPTY_TARGETS, EMPTY_TARGETS
        elif kind is cst.BooleanOperation:
            left = self._guard_bounds(test.left)  # type: ignore[attr-defined]
            right = self._guard_bounds(test.right)  # type: ignore[attr-defined]
            if type(test.operator) is cst.And:  # type: ignore[attr-defined]
                return and_bounds(left, right)
            return or_bounds(left, right)
        # Anything else (``if torch.jit.is_scripting:`` without a call is a bug, not a guard).
        return NO_GUARD

    def _is_size_tensor_test(self, test: cst.Call) -> bool:
        """``isinstance(n, torch.Tensor)`` where ``n`` is a size."""
        args = test.args
        return (
            self._kind_of is not None
            and len(args) == 2
            and self.qualified_name(args[1].value) == "torch.Tensor"
            and self._kind_of(args[0].value) == Kind.SIZE
        )

    def false_on_examples(
        self,
        test: cst.BaseExpression,
        kind_of: Callable[[cst.BaseExpression], Kind],
        owner: Optional[str] = None,
    ) -> bool:
        """Whether ``test`` is False whenever a back-end converts the model on its examples:
        ``self.training`` (scripts, traces and exports are taken of a model in ``eval()``), a
        dtype test such as ``x.dtype == torch.float16`` (float32 examples), and, in a method
        of ``owner``, a setting every object the project makes holds that makes the test
        False (``self.check_input`` stored from ``check_input=False``, ``self.axis == "auto"``
        from ``axis="last"``, never passed: ``ProjectIndex.setting``). The right operand of
        ``test and ...`` then never runs
        there."""
        if type(test) is cst.Attribute:
            if test.attr.value == "training":
                return kind_of(test.value) == Kind.MODULE
            known, value = self._setting(test, owner)
            return known and not value
        if (
            type(test) is cst.Comparison
            and len(test.comparisons) == 1
            and type(test.left) is cst.Attribute
        ):
            known, value = self._setting(test.left, owner)
            if known:
                return _false_comparison(value, test.comparisons[0])
        return self._non_example_dtype_test(test)

    def _setting(self, node: cst.Attribute, owner: Optional[str]) -> tuple[bool, object]:
        """The value ``self.<attr>`` holds on every object the project makes of ``owner``
        (``ProjectIndex.setting``)."""
        if owner is None or type(node.value) is not cst.Name or node.value.value != "self":
            return False, None
        return self.index.setting(owner, node.attr.value)

    def _non_example_dtype_test(self, test: cst.BaseExpression) -> bool:
        """``x.dtype == torch.float16`` / ``x.dtype in (torch.half, torch.bfloat16)``."""
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:
            return False
        left, comparison = test.left, test.comparisons[0]
        if type(left) is not cst.Attribute or left.attr.value != "dtype":
            return False
        right = comparison.comparator
        if type(comparison.operator) in (cst.Equal, cst.Is):
            dtypes = [right]
        elif type(comparison.operator) is cst.In and type(right) in (cst.Tuple, cst.List):
            dtypes = [element.value for element in right.elements]
        else:
            return False
        return bool(dtypes) and all(self.qualified_name(d) in NON_EXAMPLE_DTYPES for d in dtypes)

    def breaks_on_call(self, call: cst.Call) -> bool:
        """Whether calling this function is a torch.compile graph break (it is disabled)."""
        name = self.qualified_name(call.func)
        # ``self.method(...)`` resolves through the class (the rule asks the index for those).
        if name is None or name in BREAKING_DECORATORS:
            return False
        return self.index.breaking_function(name)

    # -- kinds -----------------------------------------------------------------------------
    def inference(self, node: cst.FunctionDef) -> Optional[KindInference]:
        """The kind inference of a function (graph functions and functions nested in them)."""
        key = id(node)
        found = self._inferences.get(key)
        if found is not None:
            return found
        info = self.functions.get(key)
        if info is None or key in self._in_progress:
            return None
        outer_env = None
        outer_dicts = None
        if info.parent is not None:
            parent_inf = self.inference(info.parent.node)
            outer_env = parent_inf.env if parent_inf is not None else None
            if parent_inf is not None:
                outer_dicts = (parent_inf.tensor_dicts, parent_inf.size_dicts)
        return self._run_inference(info, outer_env, outer_dicts)

    def _run_inference(
        self,
        info: FunctionInfo,
        outer_env: Optional[dict[str, Kind]] = None,
        outer_dicts: Optional[tuple[set[str], set[str]]] = None,
    ) -> KindInference:
        key = id(info.node)
        self._in_progress.add(key)
        is_root = info.region is not None and info.region.qualname in info.region.roots
        fq = self.summary.qualify(info.qualname)
        param_kinds = self._param_kinds.get(fq)
        if info.region is not None:
            # A root too: a block's ``forward(self, x, H, W)`` called from another file's
            # stage with sizes takes sizes, as it does from a caller in its own file.
            param_kinds = _joined(param_kinds, self._incoming(fq))
        try:
            inference = KindInference(
                self,
                info.node,
                info.owner_class or self._module_of_free_function(info, fq),
                param_kinds=param_kinds,
                params_are_tensors=is_root and fq not in self.index.library_api,
                params_used_as_tensors=fq in self.index.library_api,
                outer_env=outer_env,
                outer_tensor_dicts=outer_dicts[0] if outer_dicts else None,
                outer_size_dicts=outer_dicts[1] if outer_dicts else None,
                python_caller=is_root and info.node.name.value.startswith(ALTERNATIVE_FORWARD),
            ).run()
        finally:
            self._in_progress.discard(key)
        self._inferences[key] = inference
        self._return_kinds[fq] = inference.returns if inference.returns is not None else Kind.NONE
        self._return_tuples[fq] = inference.tuple_returns
        return inference

    def _module_of_free_function(self, info: FunctionInfo, fq: str) -> Optional[str]:
        """The class whose methods alone call a module-level ``def f(self, x)`` (directly or
        through ``partial(f, self)``): its ``self`` is that module, so ``self.fc(x)`` there is
        the submodule's call."""
        params = [*info.node.params.posonly_params, *info.node.params.params]
        if info.parent is not None or not params or params[0].name.value != "self":
            return None
        owners = set()
        for caller in self.index.callers(fq):
            found = self.index.lookup(caller)
            if found is None or found[0] != "method":
                return None
            owners.add(found[1].qualify(found[2].rpartition(".")[0]))
        return owners.pop() if len(owners) == 1 else None

    def _infer_all(self) -> None:
        """Infer graph functions, then again while call sites refine callee parameter kinds."""
        graph = [
            info
            for info in self.functions.values()
            if info.region is not None and info.parent is None
        ]
        for number in range(MAX_INFERENCE_PASSES):
            returns_before = (dict(self._return_kinds), dict(self._return_tuples))
            # Each pass records its call sites afresh: a pass that knew less (an argument of
            # unknown kind before its caller was inferred) must not stay joined in.
            self._recorded = {}
            self._specialised = {}
            self._recorded_items = {}
            self._recorded_init_attrs = {}
            previous_outgoing, self.outgoing = self.outgoing, {}
            if not _building:
                # A callee modelled on demand meanwhile (for its return kinds) reads what this
                # caller passes it: every call site's kinds, from the pass before. The first
                # pass models no other file (``_callee_facts``): its own kinds are partial.
                self.index.outgoing_kinds[self.summary.module] = previous_outgoing
            self._defer_other_files = number == 0 and not _building
            self._deferred = False
            self._inferences.clear()
            for info in graph:
                if id(info.node) not in self._inferences:
                    self._run_inference(info)
            settled = (
                not self._deferred
                and self._recorded == self._param_kinds
                and self._recorded_items == self._stored_items
                and self._recorded_init_attrs == self._init_attrs
                and returns_before == (self._return_kinds, self._return_tuples)
            )
            self._param_kinds = self._recorded
            self._stored_items = self._recorded_items
            self._init_attrs = self._recorded_init_attrs
            if settled:
                break
        if not _building:
            self.index.outgoing_kinds[self.summary.module] = self.outgoing

    def record_setter(
        self, owner_class: str, attr: str, kind: Kind, inference: KindInference
    ) -> None:
        """``self.<attr> = v`` in graph code where the class (in this file) has a property
        ``attr`` with a setter: the setter runs with ``v``, so ``v``'s kind joins into the
        setter's value parameter as a call's argument would (``def scale(self, value):
        self._scale = float(value)`` given a tensor)."""
        if self._specialising:
            return
        caller = self.functions.get(id(inference.func))
        if caller is None or caller.region is None or not self.summary.module:
            return
        prefix = self.summary.module + "."
        if not owner_class.startswith(prefix):
            return
        local = f"{owner_class[len(prefix) :]}.{attr}"
        setter = self._setters.get(local)
        if setter is None or setter.region is None:
            return
        params = setter.node.params.params
        if len(params) != 2:
            return
        kinds = self._recorded.setdefault(prefix + local, {})
        name = params[1].name.value
        kinds[name] = join(kinds[name], kind) if name in kinds else kind

    def record_init_attribute(
        self, owner_class: str, attr: str, kind: Kind, inference: KindInference
    ) -> None:
        """``self.<attr> = v`` in an ``__init__`` that graph code runs (the class is made in
        a forward, or is a function library's API): ``v``'s kind is what the object keeps
        there, whatever the class summary's guess for a constructor argument (a config value
        on a module built outside forward)."""
        if self._specialising:
            return
        caller = self.functions.get(id(inference.func))
        if (
            caller is None
            or caller.region is None
            or caller.parent is not None
            or not caller.qualname.endswith(".__init__")
        ):
            return
        key = (owner_class, attr)
        self._recorded_init_attrs[key] = self._recorded_init_attrs.get(key, frozenset()) | {kind}

    def init_attribute_kind(self, owner: str, attr: str) -> Optional[Kind]:
        """TENSOR when every value a graph-run constructor of ``owner`` (or of a base in this
        file) stores in ``self.<attr>`` is a tensor."""
        for qualname, _, cls in self.index.mro(owner):
            kinds = self._init_attrs.get((qualname, attr))
            if kinds is not None:
                return Kind.TENSOR if kinds == {Kind.TENSOR} else None
            if attr in cls.attributes:
                return None
        return None

    def record_item(self, owner_class: str, attr: str, kind: Kind, appended: bool) -> None:
        """Graph code stores a value of ``kind`` into ``self.<attr>`` of ``owner_class``: an
        item appended, inserted or extended with (``appended``: the attribute is a list), or
        assigned to an index (``self.results[-1] = ih.sum()``)."""
        if self._specialising:
            return
        key = (owner_class, attr)
        kinds, listed = self._recorded_items.get(key, (frozenset(), False))
        self._recorded_items[key] = (kinds | {kind}, listed or appended)

    def stored_item_kind(self, owner: str, attr: str) -> Optional[Kind]:
        """TENSOR when ``self.<attr>`` of ``owner`` is a list graph code fills with tensors: a
        list method adds to it (so it is a list, no dict keyed by names), a tensor goes in, and
        whatever else goes in is a placeholder number or None (``self.results.append(0)``
        before ``self.results[-1] = ih.sum()``) or of unknown kind."""
        kinds, listed = self._stored_items.get((owner, attr), (frozenset(), False))
        if not listed or Kind.TENSOR not in kinds:
            return None
        if kinds - {Kind.TENSOR, Kind.CONST, Kind.NONE, Kind.UNKNOWN}:
            return None
        return Kind.TENSOR

    def record_call(
        self,
        callee_fq: str,
        node: cst.Call,
        inference: KindInference,
        skip_self: bool,
        callee_file: Optional[FileSummary] = None,
        bound: bool = False,
    ) -> None:
        """Join the kinds of this call's arguments into the callee's parameter kinds (kept
        here for a callee in this file, published in ``outgoing`` for one in another file).
        ``bound``: a method called on an instance (``self.m(...)``), where a staticmethod
        receives no ``self`` (an autograd Function's ``apply`` still passes ``ctx``)."""
        if self._specialising:
            return
        caller = self.functions.get(id(inference.func))
        while caller is not None and caller.region is None and caller.parent is not None:
            caller = caller.parent
        if caller is not None and caller.region is None:
            # A function no graph code runs (inferred on demand): what it passes a helper is
            # no argument the traced or compiled call gives (`expected_length(n: int)` beside
            # `forward`'s `output_length(x.shape[-1])`).
            return
        if callee_file is None or callee_file is self.summary:
            info = self._by_qualname.get(
                callee_fq[len(self.summary.module) + 1 :] if self.summary.module else callee_fq
            )
            if info is None or info.region is None:
                return
            params = info.node.params
            ordered = [p.name.value for p in (*params.posonly_params, *params.params)]
            named = {*ordered, *(p.name.value for p in params.kwonly_params)}
            required = {
                p.name.value for p in (*params.posonly_params, *params.params) if p.default is None
            }
            star_args = params.star_arg.name.value if isinstance(params.star_arg, cst.Param) else ""
            star_kwargs = params.star_kwarg.name.value if params.star_kwarg is not None else ""
            static = any(
                self.qualified_name(d.decorator) == "builtins.staticmethod"
                for d in info.node.decorators
            )
            kinds = self._recorded.setdefault(callee_fq, {})
        else:
            found = self.index.lookup(callee_fq)
            if found is None or found[0] == "class" or self.index.region_for("", callee_fq) is None:
                return
            local = found[2]
            function = found[1].functions.get(local)
            if function is None:
                owner, _, method = local.rpartition(".")
                function = found[1].classes[owner].methods[method]
            ordered = list(function.params)
            named = set(ordered)
            required = set()  # defaults are not summarised: spread sizes reach no parameter
            star_args, star_kwargs = function.star_args, function.star_kwargs
            static = any(d.rsplit(".", 1)[-1] == "staticmethod" for d in function.decorators)
            kinds = self.outgoing.setdefault(callee_fq, {})
        recursive = caller is not None and self.summary.qualify(caller.qualname) == callee_fq
        own_params = (
            {
                p.name.value
                for p in (*inference.func.params.posonly_params, *inference.func.params.params)
            }
            if recursive
            else set()
        )
        if skip_self and ordered and not (bound and static):  # `self.pad(x, 3)`: no self
            ordered = ordered[1:]
        position = 0
        passed: set[str] = set()
        positionals = [arg for arg in node.args if arg.keyword is None and arg.star != "**"]
        last_positional = positionals[-1] if positionals else None
        for arg in node.args:
            if arg.star == "**":
                # `**kwargs`: its keys are not known (the named keywords still are); what it
                # passes into the callee's own `**kwargs` is unknown.
                if star_kwargs:
                    kinds[STAR_KWARGS + star_kwargs] = Kind.UNKNOWN
                continue
            if arg.star:
                spread = inference.kind(arg.value)
                if spread == Kind.SHAPE and arg is last_positional:
                    # `self.bucket(*img.shape[-2:])`: the parameters left without a default
                    # take sizes.
                    for name in (n for n in ordered[position:] if n in required):
                        kinds[name] = join(kinds[name], Kind.SIZE) if name in kinds else Kind.SIZE
                position = len(ordered)  # `*args`: later positionals land anywhere
                if star_args:
                    kinds[STAR_ARGS + star_args] = Kind.UNKNOWN
                continue
            kind = inference.kind(arg.value)
            if arg.keyword is not None:
                name = arg.keyword.value
                if name not in named:
                    if not star_kwargs:
                        continue
                    # `record(mean=t)` into `def record(self, **stats)`: a value of `stats`.
                    name = STAR_KWARGS + star_kwargs
            elif position < len(ordered):
                name = ordered[position]
                position += 1
            elif star_args:
                name = STAR_ARGS + star_args  # an item of the callee's `*args`
            else:
                continue
            if kind == Kind.UNKNOWN and inference.passes_nothing(arg.value):
                continue
            if recursive and type(arg.value) is cst.Name and arg.value.value in own_params:
                # `_F(y, x)` inside `_F(x, y)`: its own parameters passed back hold what its
                # other callers pass; a kind an earlier pass guessed must not stay joined in.
                passed.add(name)
                continue
            kinds[name] = join(kinds[name], kind) if name in kinds else kind
            passed.add(name)
            if _may_be_none(arg.value, inference, kind):
                kinds[MAYBE_NONE + name] = Kind.NONE
        # A parameter this call leaves to its default may be None there (`update(cell)` of
        # `def update(self, cell=None, mesh=None)` leaves `mesh`).
        for name in named - passed:
            kinds[MAYBE_NONE + name] = Kind.NONE

    def surely_passed(self, qualname: str, param: str) -> bool:
        """Whether every call graph code makes of the function ``qualname`` (within the
        module) that the model knows, in this file and in its callers' files, passes
        ``param`` a value that cannot be None (not ``None``, no conditional expression with a
        ``None`` branch, no name ever bound to ``None``; and it does not leave the parameter
        to its default); False where no call is known."""
        fq = self.summary.qualify(qualname)
        kinds = _joined(self._param_kinds.get(fq), self._incoming(fq)) or {}
        return param in kinds and MAYBE_NONE + param not in kinds

    def _incoming(self, fq: str) -> dict[str, Kind]:
        """Parameter kinds of ``fq`` from its callers in other files (the first
        ``MAX_CALLER_MODULES`` of them by name)."""
        modules: set[str] = set()
        for caller in self.index.callers(fq):
            found = self.index.lookup(caller)
            if found is not None and found[1] is not self.summary:
                modules.add(found[1].module)
        incoming: dict[str, Kind] = {}
        for module in sorted(modules)[:MAX_CALLER_MODULES]:
            outgoing = caller_outgoing(self.index, module)
            if outgoing is not None:
                incoming = _joined(incoming, outgoing.get(fq)) or {}
        return incoming

    def _callee_facts(self, fq: str, callee_file: FileSummary) -> Optional[ModelFacts]:
        """What the model that inferred the callee ``fq`` found: this one's, or another
        file's (graph functions only: others have no inferred kinds)."""
        if callee_file is self.summary:
            return self.facts
        if self.index.region_for("", fq) is None:
            return None
        if self._defer_other_files and callee_file.module not in self.index.models:
            # Not modelled yet: a model built now would see only the call sites met so far
            # (``grid(x)`` after ``hw(x)`` of the same helper file would stay unknown there).
            self._deferred = True
            return None
        return other_facts(self.index, callee_file.module)

    def _specialised_return(
        self, fq: str, node: cst.Call, inference: KindInference, skip_self: bool, bound: bool
    ) -> Kind:
        """What this file's helper ``fq`` returns for this call's argument kinds, where the
        kinds all its call sites join to make it return no known kind (``is_empty(t)``:
        ``t.numel() == 0`` is a size test for the tensor one caller passes, unknown for the
        list another passes). The helper's body is inferred again with this call's kinds
        alone; that inference records nothing and reports nothing (rules read the joined
        one). Not inside another such inference, not for a nested function."""
        if self._specialising:
            return Kind.UNKNOWN
        local = fq[len(self.summary.module) + 1 :] if self.summary.module else fq
        info = self._by_qualname.get(local)
        if info is None or info.region is None or info.parent is not None:
            return Kind.UNKNOWN
        if id(info.node) in self._in_progress or any(
            a.star for a in node.args
        ):  # recursion, or arguments spread from a sequence
            return Kind.UNKNOWN
        # This call's argument kinds alone, by parameter (``record_call`` into a scratch map).
        saved = self._recorded
        self._recorded = {}
        try:
            self.record_call(fq, node, inference, skip_self=skip_self, bound=bound)
            kinds = self._recorded.get(fq, {})
        finally:
            self._recorded = saved
        key = (fq, frozenset(kinds.items()))
        found = self._specialised.get(key)
        if found is not None:
            return found
        self._specialising += 1
        self._in_progress.add(id(info.node))
        try:
            special = KindInference(
                self,
                info.node,
                info.owner_class or self._module_of_free_function(info, fq),
                param_kinds=kinds,
                params_are_tensors=False,
                params_used_as_tensors=fq in self.index.library_api,
            ).run()
        finally:
            self._in_progress.discard(id(info.node))
            self._specialising -= 1
        returned = special.returns if special.returns is not None else Kind.NONE
        self._specialised[key] = returned
        return returned

    def _callee_return_kind(self, fq: str, callee_file: FileSummary) -> Kind:
        facts = self._callee_facts(fq, callee_file)
        return facts.return_kinds.get(fq, Kind.UNKNOWN) if facts is not None else Kind.UNKNOWN

    def call_tuple_kinds(
        self, call: cst.Call, owner: Optional[str], length: int
    ) -> Optional[tuple[Kind, ...]]:
        """Element kinds of the tuples of ``length`` a call of a project graph function
        returns, for a caller unpacking that many names (``a, b = self.split(x)``)."""
        func = call.func
        if (
            type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and func.value.value == "self"
            and owner is not None
        ):
            method = self.index.find_method(owner, func.attr.value)
            found = (method[0], method[1]) if method is not None else None
        else:
            name = self.qualified_name(func)
            target = self.index.lookup(name) if name else None
            found = (
                (target[1].qualify(target[2]), target[1])
                if target and target[0] == "function"
                else None
            )
        if found is None:
            return None
        fq, callee_file = found
        facts = self._callee_facts(fq, callee_file)
        return _of_length(facts.return_tuples.get(fq) if facts is not None else None, length)

    def project_call_kind(
        self, name: str, node: cst.Call, inference: KindInference
    ) -> Optional[Kind]:
        found = self.index.lookup(name)
        if found is not None and found[0] == "class":
            # `Grid(t0=ts[0], t1=ts[-1])`: a plain object's constructor takes the arguments'
            # kinds; what it makes is no kind. Not a function library's API class: callers
            # outside the project make it too, with other values (power-spherical's
            # `HypersphericalUniform(loc.shape[-1] - 1)` inside, `HypersphericalUniform(3)`
            # in a model), which the project's own call must not hide.
            cls = found[1].qualify(found[2])
            init = self.index.find_method(cls, "__init__")
            if (
                init is not None
                and not self.index.is_module_class(cls)
                and init[0] not in self.index.library_api
            ):
                self.record_call(
                    init[0], node, inference, skip_self=True, callee_file=init[1], bound=True
                )
            return None
        if found is None or found[0] not in ("function", "method"):
            return None
        # A method only as `Fn.apply(...)` of an autograd.Function: its forward's first
        # parameter is `ctx`, which the call does not pass.
        fq = found[1].qualify(found[2])
        through_apply = found[0] == "method"
        if through_apply and not (
            fq.endswith(".forward") and self.index.is_autograd_function(fq.rpartition(".")[0])
        ):
            owner, _, method_name = found[2].rpartition(".")
            decorators = found[1].classes[owner].methods[method_name].decorators
            if not any(d.rsplit(".", 1)[-1] in ("staticmethod", "classmethod") for d in decorators):
                return None
            # `Dist._F(x, y)` of a staticmethod (or a classmethod) called through its class:
            # the arguments are its parameters (after `cls`), as for `self._F(x, y)`.
            self.record_call(fq, node, inference, skip_self=True, callee_file=found[1], bound=True)
            return self._callee_return_kind(fq, found[1])
        self.record_call(fq, node, inference, skip_self=through_apply, callee_file=found[1])
        returned = self._callee_return_kind(fq, found[1])
        if returned == Kind.UNKNOWN and not through_apply and found[1] is self.summary:
            return self._specialised_return(fq, node, inference, skip_self=False, bound=False)
        return returned

    def self_call_kind(
        self, owner: Optional[str], attr: str, node: cst.Call, inference: KindInference
    ) -> Kind:
        if owner is None:
            return Kind.UNKNOWN
        method = self.index.find_method(owner, attr)
        if method is not None:
            fq = method[0]
            self.record_call(fq, node, inference, skip_self=True, callee_file=method[1], bound=True)
            # An inherited method compiled for a subclass calls that subclass's override: its
            # parameters take these arguments' kinds too.
            caller = self._method_of(inference)
            overrides = self.index.overrides_called(caller, attr) if caller is not None else []
            for override, override_file in overrides:
                self.record_call(
                    override, node, inference, skip_self=True, callee_file=override_file
                )
            returned = self._callee_return_kind(fq, method[1])
            if returned == Kind.UNKNOWN and not overrides and method[1] is self.summary:
                return self._specialised_return(fq, node, inference, skip_self=True, bound=True)
            return returned
        for fq in self.index.attribute_functions(owner, attr):
            found = self.index.lookup(fq)
            if found is not None:
                self.record_call(fq, node, inference, skip_self=False, callee_file=found[1])
        marker = self.index.attribute_marker(owner, attr)
        if marker is not None and not marker.startswith("<"):
            if self.index.is_module_class(marker):
                return self.module_call_kind(marker, node, inference)
            # A plain object held on self called like a function runs its own __call__.
            return self.held_call_kind(marker, "__call__", node, inference)
        if marker == "<modules>":
            return Kind.TENSOR
        return Kind.UNKNOWN

    def registry_call_kind(
        self, registry: str, node: cst.Call, inference: KindInference
    ) -> Optional[Kind]:
        """``ROUTINES[kind](x)``, ``routines[loss][backend](x)``: a call of an entry of the dict
        of callables ``registry``; every entry's parameters take the arguments' kinds, and the
        result is what they return (joined). None when it holds no project function."""
        result: Optional[Kind] = None
        for fq in self.index.registry_functions(registry):
            found = self.index.lookup(fq)
            if found is None:
                continue
            self.record_call(fq, node, inference, skip_self=False, callee_file=found[1])
            kind = self._callee_return_kind(fq, found[1])
            result = kind if result is None else join(result, kind)
        return result

    def held_call_kind(
        self, held: str, attr: str, node: cst.Call, inference: KindInference
    ) -> Kind:
        """``self.<name>.<attr>(...)`` on an object of the project class ``held``: the method's
        return kind, and its parameters take the arguments' kinds."""
        method = self.index.find_method(held, attr)
        if method is None:
            return Kind.UNKNOWN
        self.record_call(
            method[0], node, inference, skip_self=True, callee_file=method[1], bound=True
        )
        return self._callee_return_kind(method[0], method[1])

    def _method_of(self, inference: KindInference) -> Optional[str]:
        """The fully qualified method whose body (or a function nested in it) ``inference``
        infers; None for a module-level function."""
        info = self.functions.get(id(inference.func))
        while info is not None and info.parent is not None:
            info = info.parent
        if info is None or info.owner_class is None:
            return None
        return self.summary.qualify(info.qualname)

    def module_call_kind(
        self, module_class: Optional[str], node: cst.Call, inference: KindInference
    ) -> Kind:
        """A submodule call: what the class's ``forward`` returns (a tensor where that is
        not known: a torch layer, a class outside the project), and the arguments' kinds join
        the parameter kinds of that ``forward`` (``self.encoder(x, is_global=flag)`` tells the
        encoder what ``is_global`` is)."""
        if module_class in TORCH_TUPLE_MODULES:
            return Kind.TENSORS  # `out, (h, c) = self.lstm(x)`, `attn, weights = self.mha(...)`
        if module_class is not None:
            # A `__call__` the class overrides runs first (gpytorch's kernels and variational
            # strategies): its parameters take the arguments, and it says what comes back.
            returned: Optional[Kind] = None
            override = self.index.find_method(module_class, "__call__")
            if override is not None:
                self.record_call(
                    override[0], node, inference, skip_self=True, callee_file=override[1]
                )
                facts = self._callee_facts(override[0], override[1])
                if facts is not None and override[0] in facts.return_kinds:
                    returned = facts.return_kinds[override[0]]
            method = self.index.find_method(module_class, "forward")
            if method is not None:
                self.record_call(method[0], node, inference, skip_self=True, callee_file=method[1])
                # An attention layer returning `(out, weights)` gives a tuple, not a tensor;
                # one whose return kind is unknown gives a value of unknown kind.
                facts = self._callee_facts(method[0], method[1])
                if returned is None and facts is not None and method[0] in facts.return_kinds:
                    returned = facts.return_kinds[method[0]]
            if returned is not None:
                return returned
        return Kind.TENSOR

    def module_tuple_kinds(
        self, module_class: Optional[str], method_name: str = "forward", length: int = 0
    ) -> Optional[tuple[Kind, ...]]:
        """Element kinds of the tuples of ``length`` a method of ``module_class`` (its
        ``forward`` by default) returns (``out, weights = self.attn(x)``, ``x, stats =
        self.norm.normalize(x)``); with no length, of the one length it always returns."""
        method = self.index.find_method(module_class, method_name) if module_class else None
        if method is None:
            return None
        facts = self._callee_facts(method[0], method[1])
        return _of_length(facts.return_tuples.get(method[0]) if facts is not None else None, length)

    def _torch_layer_parameter(self, owner: str, attr: str) -> bool:
        """``self.weight`` in a subclass of ``nn.Linear`` (or another torch layer that makes
        parameters): the layer's own parameter or buffer, a tensor."""
        if attr not in TORCH_LAYER_TENSORS:
            return False
        layers = nn_parameter_modules()
        return any(base in layers for _, _, cls in self.index.mro(owner) for base in cls.bases)

    def self_attribute_kind(self, owner: Optional[str], attr: str) -> Kind:
        if attr == "training":
            return Kind.CONST
        if owner is None:
            return Kind.UNKNOWN
        marker = self.index.attribute_marker(owner, attr)
        if marker is None:
            if self._torch_layer_parameter(owner, attr):
                return Kind.TENSOR
            # `self.warmed_up` of a `@property`: reading it runs the getter, whose return
            # kind it has (`return self.seen >= self.warmup` is a tensor).
            getter = self.index.find_method(owner, attr)
            if getter is not None and "builtins.property" in getter[2].decorators:
                return self._callee_return_kind(getter[0], getter[1])
            # `offset = 3` in the class body, never assigned on self: a constant.
            for _, _, cls in self.index.mro(owner):
                if attr in cls.body_values:
                    return Kind.CONST if cls.body_values[attr] == "value" else Kind.UNKNOWN
            # A mixin's `self.usage`: what every class graph code runs its methods on keeps
            # there (its buffer), when they agree.
            concrete = self.index.concrete_classes(owner)
            kinds = {self.self_attribute_kind(cls, attr) for cls in concrete if cls != owner}
            return kinds.pop() if len(kinds) == 1 else Kind.UNKNOWN
        simple = {
            "<tensor>": Kind.TENSOR,
            "<const>": Kind.CONST,
            "<param>": Kind.CONST,
            "<config>": Kind.CONST,
            "<modules>": Kind.MODULES,
            "<params>": Kind.TENSORS,
            "<unknown>": Kind.UNKNOWN,
        }
        if (
            marker in ("<param>", "<config>")
            and self.init_attribute_kind(owner, attr) == Kind.TENSOR
        ):
            # `self._alpha = (a - mu) / sigma` in the constructor of an object made in graph
            # code from tensors: a tensor, no config number.
            return Kind.TENSOR
        if marker in ("<const>", "<unknown>") and self.stored_item_kind(owner, attr) == Kind.TENSOR:
            # `self.results = []` and graph code appends tensors to it: a list of tensors.
            return Kind.TENSORS
        if marker in simple:
            return simple[marker]
        if self.index.is_module_class(marker):
            return Kind.MODULE
        made_by = self.index.lookup(marker)
        if made_by is not None and made_by[0] == "function":
            # `self.alpha = compute_alpha(a0, beta, ratio)` of a project function in another
            # module (`from .alpha import compute_alpha`): what that function returns.
            return self._callee_return_kind(made_by[1].qualify(made_by[2]), made_by[1])
        return Kind.UNKNOWN


# Parameters and buffers the torch layers that make parameters (nn_parameter_modules) keep.
TORCH_LAYER_TENSORS = frozenset({"weight", "bias", "running_mean", "running_var"})


# torch layers whose call returns a tuple of tensors, not one tensor.
TORCH_TUPLE_MODULES = frozenset(
    {
        "torch.nn.LSTM",
        "torch.nn.GRU",
        "torch.nn.RNN",
        "torch.nn.LSTMCell",
        "torch.nn.MultiheadAttention",
    }
)

# Caller modules a function's parameter kinds are taken from. Each costs a model of that
# module (a parse when it is not linted yet); transformers' attention integrations are called
# from 400 model files, which were all parsed and modelled again for them (738 extra models
# on the whole tree). Kinds joined over the first 24 modules by name (a deterministic sample)
# are what the rest would add in practice.
MAX_CALLER_MODULES = 24

# Passes over a file's graph functions before call-site kinds are taken as settled: each pass
# carries argument kinds one call deeper (longformer's `.item()` flag travels four calls).
MAX_INFERENCE_PASSES = 6


@dataclass(frozen=True)
class ModelFacts:
    """What a file's model tells other files: the kinds its graph functions return (and
    the element kinds of those that return one tuple). Kept for the run: small, unlike the
    model, whose inferences hold several times its tree's memory."""

    return_kinds: dict[str, Kind]
    return_tuples: dict[str, Optional[dict[int, tuple[Kind, ...]]]]


def _of_length(
    by_length: Optional[dict[int, tuple[Kind, ...]]], length: int
) -> Optional[tuple[Kind, ...]]:
    """The element kinds of the returned tuples of ``length`` (0: of the one length returned)."""
    if not by_length:
        return None
    if not length:
        return next(iter(by_length.values())) if len(by_length) == 1 else None
    return by_length.get(length)


def caller_outgoing(index: ProjectIndex, module: str) -> Optional[dict[str, dict[str, Kind]]]:
    """The argument kinds ``module`` passes to other files' graph functions: from its own lint
    when it was linted already (the engine lints callers before callees), else from a model of
    it built on demand, once per run. A helper that hundreds of files call (transformers'
    masking utilities) costs no parse of its callers when they were linted first. The return
    kinds such a model reads from other files are those known when it is built."""
    _depend_on(index, module)
    if module not in index.outgoing_kinds:
        if _building:
            return None  # one level deep, as in other_facts: no model is built for it
        model = _build_model(index, module)
        if model is None:
            index.outgoing_kinds[module] = {}
        else:
            model.release()
    return index.outgoing_kinds[module]


def other_facts(index: ProjectIndex, module: str) -> Optional[ModelFacts]:
    """What the semantic model of another project file found, from a model built on demand
    (once per index) or from that file's own lint.

    One level deep: a model built on demand answers from its own file and does not build
    models of further files, so one file never costs a parse of the whole project.
    """
    _depend_on(index, module)
    if module in index.models:
        return index.models[module]  # type: ignore[return-value]
    if _building:
        return None
    model = _build_model(index, module)
    if model is None:
        return None
    model.release()
    return index.models.get(module)  # type: ignore[return-value]


def _depend_on(index: ProjectIndex, module: str) -> None:
    """Record that the current lint reads what a model of ``module`` found: that module's text,
    and, when the model was that module's own lint, whatever that lint read (a caller's
    argument kinds can come from its own callers: an edit two files away changes them)."""
    if index.accessed_text is None:
        return
    index.accessed_text.add(module)
    inherited = index.lint_dependencies.get(module)
    if inherited is not None and index.accessed is not None:
        index.accessed.update(inherited[0])
        index.accessed_text.update(inherited[1])


def _build_model(index: ProjectIndex, module: str) -> Optional[FileModel]:
    """A model of another project file (which records its facts in the index)."""
    summary = index.get_module(module)
    index.models[module] = None
    if summary is None or not summary.parsed:
        return None
    text = index.texts.get(summary.path)
    _building.append(module)
    try:
        if text is None:
            with open(summary.path, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
        trees = index.trees
        tree = trees.get(summary.path, text) if trees is not None else None
        if tree is None and trees is not None and trees.keeps(summary.path, len(text)):
            # The whole file, for its lint to take. The guarded parse: Python's parser accepted
            # it (summary.parsed), and inputs that crash libcst's native parser are refused.
            tree = parse(Source(summary.path, text), python_valid=True)
            trees.put(summary.path, text, tree)
        elif tree is None:  # no lint takes this tree: its graph functions are all it reads
            tree = _parse_skeleton(summary.path, text, index.graph_functions(summary))
        return FileModel(tree, summary, index)
    except (OSError, SourceError, RecursionError, ValueError):
        return None
    finally:
        _building.pop()


def _parse_skeleton(path: str, text: str, graph_functions: list[str]) -> cst.Module:
    """The tree of ``text``'s graph skeleton, or of the whole text should the skeleton not
    parse (it is made line by line from ``ast`` positions)."""
    skeleton = graph_skeleton(text, graph_functions)
    if skeleton is not None:
        try:
            return parse(Source(path, skeleton), python_valid=True)
        except SourceError:
            pass
    return parse(Source(path, text), python_valid=True)


# Modules whose models are being built on demand (at most one: see other_facts).
_building: list[str] = []


# The key, beside a parameter's kind, that marks a call passing it a value that may be None.
MAYBE_NONE = "?"
# (function, parameter) pairs `_may_be_none` is asking `surely_passed` about (recursion).
_ASKING: set[tuple[int, str]] = set()


def _may_be_none(
    value: cst.BaseExpression, inference: KindInference, known: Optional[Kind] = None
) -> bool:
    """Whether an argument may be None: ``None``, a conditional expression with a branch
    that may be, a name bound to one on some path (or of kind None), or a value of unknown
    kind bound to nothing here. ``known``: the kind the call gave the argument. Nothing else
    is asked of the inference: a kind asked of an expression its walk has not reached yet
    (a value bound further down) would be settled too early, for every rule."""
    kind = type(value)
    if kind is cst.Name:
        name = value.value  # type: ignore[attr-defined]
        if name == "None" or known == Kind.NONE or inference.env.get(name) == Kind.NONE:
            return True
        params = inference.func.params
        if any(
            p.name.value == value.value  # type: ignore[attr-defined]
            and p.default is not None
            and _may_be_none(p.default, inference)
            for p in (*params.posonly_params, *params.params, *params.kwonly_params)
        ):
            # `def forward(self, x, cell=None)`: a call may leave it None, unless every call
            # of this function passes one (`update(self, cell=None)` handing `cell` on).
            info = inference.model.functions.get(id(inference.func))
            key = (id(inference.func), value.value)  # type: ignore[attr-defined]
            if info is None or info.region is None or key in _ASKING:
                return True
            _ASKING.add(key)
            try:
                return not inference.model.surely_passed(info.qualname, value.value)  # type: ignore[attr-defined]
            finally:
                _ASKING.discard(key)
        bound = assignments(inference.func, value.value)  # type: ignore[attr-defined]
        return any(
            bound_value is UNKNOWN_VALUE or (size == 1 and _may_be_none(bound_value, inference))
            for bound_value, _, size in bound
        )
    if kind is cst.IfExp:
        return _may_be_none(value.body, inference) or _may_be_none(value.orelse, inference)  # type: ignore[attr-defined]
    return known == Kind.NONE


def _joined(
    first: Optional[dict[str, Kind]], second: Optional[dict[str, Kind]]
) -> Optional[dict[str, Kind]]:
    if not second:
        return first
    merged = dict(first or {})
    for name, kind in second.items():
        merged[name] = join(merged[name], kind) if name in merged else kind
    return merged


def _literal(node: cst.BaseExpression) -> tuple[bool, object]:
    """The value of a literal string, number, True, False or None."""
    kind = type(node)
    if kind is cst.SimpleString:
        return True, node.evaluated_value  # type: ignore[attr-defined]
    if kind in (cst.Integer, cst.Float):
        return True, node.evaluated_value  # type: ignore[attr-defined]
    if kind is cst.Name and node.value in ("True", "False", "None"):  # type: ignore[attr-defined]
        return True, {"True": True, "False": False, "None": None}[node.value]  # type: ignore[attr-defined]
    return False, None


def _false_comparison(value: object, comparison: cst.ComparisonTarget) -> bool:
    """Whether ``<value> <op> <literal>`` is False: ``self.axis == "auto"`` of a setting
    that holds ``"last"``."""
    operator = type(comparison.operator)
    comparator = comparison.comparator
    if operator in (cst.In, cst.NotIn) and type(comparator) in (cst.Tuple, cst.List, cst.Set):
        literals = [_literal(e.value) for e in comparator.elements]  # type: ignore[attr-defined]
        if not all(known for known, _ in literals):
            return False
        inside = value in [v for _, v in literals]
        return not inside if operator is cst.In else inside
    known, literal = _literal(comparator)
    if not known:
        return False
    if operator in (cst.Equal, cst.NotEqual):
        same = literal == value
        return not same if operator is cst.Equal else same
    if operator in (cst.Is, cst.IsNot) and (literal is None or type(literal) is bool):
        same = value is literal
        return not same if operator is cst.Is else same
    return False
