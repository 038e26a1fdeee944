"""The path condition of a finding: the Python test its code runs under.

A finding inside ``if self.training:``, after ``if labels is None: return logits``, or in the
right operand of ``self.training and random.random() < p`` only matters when that test holds:
in an eval-mode export, or a call without labels, that code never runs. Rules report where the
construct is; this module says under which condition, so that the message and the JSON can say
it, and ``--mode inference`` / ``--mode training`` can keep only the findings on that path.

Only tests a reader can act on are kept: the module's training flag, an optional argument being
given or not, and flags (a parameter with a constant default, an attribute of ``self`` or of a
config object). Tests on tensors and sizes are what the rules themselves report, not conditions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import FIRST_CALL
from torchlint.lint.graph_queries import assignments, or_operands
from torchlint.lint.walk import walk

# Arguments given only to compute a loss: the code they guard is training code.
LABEL_ARGUMENTS = frozenset(
    {"labels", "label", "targets", "target", "y_true", "gt", "ground_truth", "return_loss"}
)
CONFIG_ROOTS = frozenset({"self", "config", "cfg", "args", "opt", "hparams"})

_EMPTY_MODULE = cst.Module(body=[])


@dataclass(frozen=True)
class PathCondition:
    """What must hold for the code to run: its text, and the mode that needs it, if any
    (``training``: only in training mode; ``inference``: only in eval mode)."""

    text: str
    mode: Optional[str] = None
    # Code of a first-call set-up branch (``first_call_tests``): it runs on the first call only.
    first_call: bool = False


# The condition of code that graph code calls only under ``if self.training:`` (the index
# follows the calls: ``ProjectIndex.training_only``).
TRAINED_BY_CALLERS = PathCondition("self.training", "training")


# A failure that needs autograd on (a copy marked `requires_grad_()`: Dynamo refuses to return
# it only while grad is enabled). An inference run under `torch.no_grad()` never meets it, so
# `--mode inference` leaves it out, like code that runs only in training mode.
AUTOGRAD_ON = PathCondition("torch.is_grad_enabled()", "training")


def _code(node: cst.CSTNode) -> str:
    return _EMPTY_MODULE.code_for_node(node).strip()


def _training_flag(node: cst.BaseExpression) -> bool:
    """``self.training`` (or ``<anything>.training``)."""
    return type(node) is cst.Attribute and node.attr.value == "training"


def _flag_root(node: cst.BaseExpression) -> Optional[str]:
    """The root name of an attribute chain (``self.config.use_cache`` -> ``self``)."""
    while type(node) is cst.Attribute:
        node = node.value  # type: ignore[attr-defined]
    return node.value if type(node) is cst.Name else None  # type: ignore[attr-defined]


class _Parameters:
    """The enclosing function's parameters: those defaulting to None, and flags."""

    def __init__(self, function: Optional[cst.FunctionDef]) -> None:
        self.optional: set[str] = set()
        self.flags: set[str] = set()
        if function is None:
            return
        params = function.params
        for param in (*params.params, *params.kwonly_params):
            default = param.default
            if type(default) is cst.Name and default.value == "None":
                self.optional.add(param.name.value)
            elif type(default) is cst.Name and default.value in ("True", "False"):
                self.flags.add(param.name.value)


def _label_like(name: str) -> bool:
    return name in LABEL_ARGUMENTS or name.endswith("_labels")


def _classify(
    test: cst.BaseExpression, params: _Parameters, holds: bool
) -> Optional[PathCondition]:
    """The condition that ``test`` is ``holds`` (true or false), when it is one worth naming."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _classify(test.expression, params, not holds)
    if type(test) is cst.BooleanOperation:
        # A path needs every operand of a true ``and`` (or of a false ``or``): name those that
        # are conditions; otherwise the whole test is too loose to name.
        if isinstance(test.operator, cst.And) == holds:
            parts = [
                condition
                for operand in (test.left, test.right)
                if (condition := _classify(operand, params, holds)) is not None
            ]
            if not parts:
                return None
            modes = {part.mode for part in parts if part.mode is not None}
            return PathCondition(
                " and ".join(part.text for part in parts), modes.pop() if len(modes) == 1 else None
            )
        return None
    if _training_flag(test):
        text = _code(test)
        return PathCondition(text if holds else f"not {text}", "training" if holds else "inference")
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        comparison = test.comparisons[0]
        right = comparison.comparator
        if (
            type(test.left) is cst.Name
            and test.left.value in params.optional
            and type(right) is cst.Name
            and right.value == "None"
            and type(comparison.operator) in (cst.Is, cst.IsNot)
        ):
            name = test.left.value
            given = (type(comparison.operator) is cst.IsNot) == holds
            return PathCondition(
                f"{name} is {'not ' if given else ''}None",
                "training" if given and _label_like(name) else None,
            )
        return None
    if type(test) is cst.Name and (test.value in params.flags or test.value in params.optional):
        return PathCondition(
            test.value if holds else f"not {test.value}",
            "training" if holds and _label_like(test.value) else None,
        )
    if type(test) is cst.Attribute and _flag_root(test) in CONFIG_ROOTS:
        text = _code(test)
        return PathCondition(text if holds else f"not {text}")
    return None


def _contains(root: cst.CSTNode, target: cst.CSTNode) -> bool:
    if root is target:
        return True
    return any(_contains(child, target) for child in root.children)


def _right_of_and(
    statement: cst.CSTNode, node: cst.CSTNode
) -> list[tuple[cst.BaseExpression, bool]]:
    """Tests that short-circuit ``node`` away: for ``a and b`` the right operand ``b`` runs only
    when ``a`` holds (and for ``a or b``, only when ``a`` does not)."""
    found: list[tuple[cst.BaseExpression, bool]] = []

    def search(current: cst.CSTNode) -> bool:
        if current is node:
            return True
        if type(current) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        if type(current) is cst.BooleanOperation:
            if search(current.right):  # type: ignore[attr-defined]
                found.append((current.left, isinstance(current.operator, cst.And)))  # type: ignore[attr-defined]
                return True
            return search(current.left)  # type: ignore[attr-defined]
        if type(current) is cst.IfExp:
            if search(current.body):  # type: ignore[attr-defined]
                found.append((current.test, True))  # type: ignore[attr-defined]
                return True
            if search(current.orelse):  # type: ignore[attr-defined]
                found.append((current.test, False))  # type: ignore[attr-defined]
                return True
            return search(current.test)  # type: ignore[attr-defined]
        return any(search(child) for child in current.children)

    search(statement)
    return found


def _block_statements(owner: cst.CSTNode, child: cst.CSTNode) -> Sequence[cst.CSTNode]:
    """The statements of the block of ``owner`` (a compound statement or function) that holds
    ``child``, for early exits before it; empty when there is none."""
    blocks: list[cst.BaseSuite] = []
    body = getattr(owner, "body", None)
    if isinstance(body, cst.BaseSuite):
        blocks.append(body)
    orelse = getattr(owner, "orelse", None)
    if isinstance(orelse, cst.Else):
        blocks.append(orelse.body)
    for block in blocks:
        statements = block.body
        if any(statement is child for statement in statements):
            return statements  # type: ignore[return-value]
    return ()


def ends_in_exit(body: cst.BaseSuite) -> bool:
    """Whether a block's last statement is a ``return`` or ``raise``."""
    statements = body.body
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, cst.SimpleStatementLine) or isinstance(body, cst.SimpleStatementSuite):
        smalls = last.body if isinstance(last, cst.SimpleStatementLine) else statements
        return bool(smalls) and isinstance(smalls[-1], (cst.Return, cst.Raise))
    return False


PathTests = list[tuple[cst.BaseExpression, bool]]


def path_tests(
    function: Optional[cst.FunctionDef], statements: Sequence[cst.CSTNode], node: cst.CSTNode
) -> PathTests:
    """The tests, outermost first, that must come out true (``True``) or false for ``node``
    to run inside ``function`` (none outside a function). ``statements`` are the statements
    around ``node``, outermost first, as the lint context keeps them (compound statements
    included); only those inside ``function`` count."""
    if function is None:
        return []
    tests: PathTests = []
    chain = _chain(function, statements, node)
    for owner, child in zip(chain, chain[1:]):
        # Early exits in the same block, before ``child``: ``if labels is None: return x``.
        for sibling in _block_statements(owner, child):
            if sibling is child:
                break
            if type(sibling) is cst.If and sibling.orelse is None and ends_in_exit(sibling.body):
                tests.append((sibling.test, False))
        if type(owner) is cst.If:
            if _contains(owner.body, child):
                tests.append((owner.test, True))
            elif owner.orelse is not None and _contains(owner.orelse, child):
                tests.append((owner.test, False))
        elif type(owner) is cst.While and _contains(owner.body, child):
            tests.append((owner.test, True))
    if len(chain) >= 2:
        tests.extend(reversed(_right_of_and(chain[-2], node)))
    return tests


def path_conditions(function: Optional[cst.FunctionDef], tests: PathTests) -> list[PathCondition]:
    """The conditions, outermost first, that ``tests`` (``path_tests`` of a node inside
    ``function``) name."""
    if function is None:
        return []
    params = _Parameters(function)
    conditions: list[PathCondition] = []
    for test, holds in _resolved_alternatives(tests):
        condition = _classify(test, params, holds)
        if condition is not None and condition not in conditions:
            conditions.append(condition)
    return conditions


def _truth(test: cst.BaseExpression, holds: bool) -> tuple[str, bool]:
    """``test`` being ``holds`` as (code, truth), with ``x is not None`` read as ``x is None``
    false, so that a test and its negation compare equal."""
    while type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        test, holds = test.expression, not holds  # type: ignore[attr-defined]
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        operator = test.comparisons[0].operator
        if type(operator) is cst.IsNot:
            negated = test.with_changes(
                comparisons=[test.comparisons[0].with_changes(operator=cst.Is())]
            )
            return _code(negated), not holds
    return _code(test), holds


def _resolved_alternatives(tests: PathTests) -> PathTests:
    """``tests``, plus the operand an ``or`` that holds must owe its truth to when the path's
    other tests refute every other operand: ``if training or mean is None:`` then ``if mean
    is not None:`` inside it runs only when ``training`` holds."""
    known = {_truth(test, holds) for test, holds in tests}
    resolved = list(tests)
    for test, holds in tests:
        operands = or_operands(test) if holds else []
        open_operands = [op for op in operands if _truth(op, False) not in known]
        if len(open_operands) == 1 and len(operands) > 1:
            resolved.append((open_operands[0], True))
    return resolved


def combined(conditions: Sequence[PathCondition]) -> tuple[Optional[str], Optional[str]]:
    """One text for all conditions, and the one mode they need (None: both modes run it)."""
    if not conditions:
        return None, None
    modes = {condition.mode for condition in conditions if condition.mode is not None}
    text = " and ".join(condition.text for condition in conditions)
    if any(condition.first_call for condition in conditions):
        text += FIRST_CALL
    return text, modes.pop() if len(modes) == 1 else None


def off_by_default(tests: PathTests, statements: Sequence[cst.CSTNode], module: cst.Module) -> bool:
    """Whether ``tests`` (``path_tests`` of a node) hold a flag of the module that its
    default configuration turns off (``if self.debug:`` with ``debug=False`` in ``__init__``,
    ``if self.cfg.verbose:`` with ``cfg=Config`` whose class sets ``verbose = False``): a model
    built with its defaults never runs that code, so no back-end meets it there."""
    if not tests:
        return False
    cls = next((s for s in reversed(statements) if type(s) is cst.ClassDef), None)
    if cls is None:
        return False
    for test, holds in tests:
        while type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            test, holds = test.expression, not holds  # type: ignore[attr-defined]
        if type(test) is cst.Attribute and _default_flag(test, cls, module) is (not holds):
            return True
    return False


def _default_flag(test: cst.Attribute, cls: cst.ClassDef, module: cst.Module) -> Optional[bool]:
    """The bool ``self.flag`` / ``self.cfg.flag`` holds in the default configuration, or None
    when it is not a bool literal there or anything else in the class sets it."""
    chain: list[str] = []
    node: cst.BaseExpression = test
    while type(node) is cst.Attribute:
        chain.append(node.attr.value)  # type: ignore[attr-defined]
        node = node.value  # type: ignore[attr-defined]
    if not (type(node) is cst.Name and node.value == "self") or len(chain) not in (1, 2):  # type: ignore[attr-defined]
        return None
    value = _init_value(cls, chain[-1], module)
    if value is None:
        return None
    if len(chain) == 1:
        return _literal_flag(value)
    config = _config_class(value, module)
    return _class_flag(config, chain[0]) if config is not None else None


def _literal_flag(node: cst.BaseExpression) -> Optional[bool]:
    if type(node) is cst.Name and node.value in ("True", "False"):  # type: ignore[attr-defined]
        return node.value == "True"  # type: ignore[attr-defined]
    return None


def _init_value(
    cls: cst.ClassDef, attribute: str, module: cst.Module
) -> Optional[cst.BaseExpression]:
    """What ``__init__`` sets ``self.<attribute>`` to, a parameter read as its default; None
    unless that is the class's only assignment of it, or when a call of the class in this file
    may pass that parameter (a block built by its parent with ``local=True``)."""
    found: list[tuple[cst.FunctionDef, cst.BaseExpression]] = []
    for method in cls.body.body:
        if type(method) is not cst.FunctionDef:
            continue
        for target, value in _self_assignments(method):
            if target == attribute:
                found.append((method, value))
    if len(found) != 1 or found[0][0].name.value != "__init__":
        return None
    init, value = found[0]
    if type(value) is cst.Name:
        positional = init.params.params
        for index, param in enumerate((*positional, *init.params.kwonly_params)):
            if param.name.value == value.value:  # type: ignore[attr-defined]
                position = index - 1 if index < len(positional) else None  # after `self`
                if _passed(cls.name.value, param.name.value, position, module):
                    return None
                return param.default
    return value


def _passed(class_name: str, param: str, position: Optional[int], module: cst.Module) -> bool:
    """Whether a call of the class in ``module`` may give ``param`` (by keyword, at its
    position, or through ``*args`` / ``**kwargs``)."""
    passed = False

    class Visitor(cst.CSTVisitor):
        def visit_Call(self, node: cst.Call) -> None:
            nonlocal passed
            func = node.func
            name = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)  # type: ignore[attr-defined]
            if name != class_name:
                return
            positional = 0
            for arg in node.args:
                if arg.star or (arg.keyword is not None and arg.keyword.value == param):
                    passed = True
                elif arg.keyword is None:
                    positional += 1
            if position is not None and positional > position:
                passed = True

    module.visit(Visitor())
    return passed


def _self_assignments(method: cst.FunctionDef) -> list[tuple[str, cst.BaseExpression]]:
    """``self.<name> = value`` (also annotated and augmented) anywhere in ``method``; an
    augmented or tuple assignment gives the unknown value ``method`` itself."""
    found: list[tuple[str, cst.BaseExpression]] = []

    class Visitor(cst.CSTVisitor):
        def visit_Assign(self, node: cst.Assign) -> None:
            for target in node.targets:
                self._target(target.target, node.value)

        def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
            if node.value is not None:
                self._target(node.target, node.value)

        def visit_AugAssign(self, node: cst.AugAssign) -> None:
            self._target(node.target, None)

        def _target(self, target: cst.BaseExpression, value: Optional[cst.BaseExpression]) -> None:
            if type(target) in (cst.Tuple, cst.List):
                for element in target.elements:  # type: ignore[attr-defined]
                    self._target(element.value, None)
            elif (
                type(target) is cst.Attribute
                and type(target.value) is cst.Name
                and target.value.value == "self"
            ):
                found.append((target.attr.value, value if value is not None else method))

    method.visit(Visitor())
    return found


def _config_class(value: cst.BaseExpression, module: cst.Module) -> Optional[cst.ClassDef]:
    """The class of this file a default config is: ``Config`` or ``Config()``."""
    if type(value) is cst.Call and not value.args:
        value = value.func  # type: ignore[attr-defined]
    if type(value) is not cst.Name:
        return None
    return next(
        (s for s in module.body if type(s) is cst.ClassDef and s.name.value == value.value),  # type: ignore[attr-defined]
        None,
    )


def _class_flag(config: cst.ClassDef, name: str) -> Optional[bool]:
    """``name = True/False`` (or annotated) in the class body, no method setting it."""
    value: Optional[bool] = None
    for statement in config.body.body:
        if type(statement) is cst.FunctionDef:
            if any(target == name for target, _ in _self_assignments(statement)):
                return None
            continue
        if type(statement) is not cst.SimpleStatementLine:
            continue
        for small in statement.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, assigned = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign and small.value is not None:
                target, assigned = small.target, small.value
            else:
                continue
            if type(target) is cst.Name and target.value == name:
                value = _literal_flag(assigned)
    return value


# -- first-call set-up ---------------------------------------------------------------------------
# A branch that runs only until it stores what its test reads (`if self.idx is None: ...;
# self.idx = ...`, `if not self._initialized: ...; self._initialized = True`) is a module's
# set-up: its first call runs it, every later call skips it. torch 2.13 converts such code as it
# converts any other on the call that runs it: `torch.compile(fullgraph=True)` of a fresh model
# raises at an `nn.Parameter(...)` built there, and `torch.jit.trace` of a fresh model warns at a
# `torch.tensor(sizes)` there and fails its check (the checking call skips the set-up, so the
# graphs differ); a model that has already run once skips the set-up, and nothing there is met.
# The finding is kept, saying it is about the first call only (`FIRST_CALL` in the condition).

# Methods of `nn.Module` that store `self.<name>` given as their first argument.
_NAMED_STORES = frozenset(
    {"register_buffer", "register_parameter", "add_module", "register_module"}
)


def _self_attr(node: cst.CSTNode, me: str) -> Optional[str]:
    """``X`` of ``<me>.X``, or of ``getattr(<me>, "X", default)``."""
    if type(node) is cst.Attribute and type(node.value) is cst.Name and node.value.value == me:  # type: ignore[attr-defined]
        return node.attr.value  # type: ignore[attr-defined]
    if (
        type(node) is cst.Call
        and type(node.func) is cst.Name  # type: ignore[attr-defined]
        and node.func.value == "getattr"  # type: ignore[attr-defined]
        and len(node.args) == 3  # type: ignore[attr-defined]
    ):
        return _named(node, me)  # type: ignore[arg-type]
    return None


def _named(call: cst.Call, me: str) -> Optional[str]:
    """``"X"`` of ``f(<me>, "X", ...)`` (``hasattr``, ``getattr``, ``setattr``)."""
    args = call.args
    if (
        len(args) >= 2
        and not any(arg.star or arg.keyword for arg in args[:2])
        and type(args[0].value) is cst.Name
        and args[0].value.value == me  # type: ignore[attr-defined]
        and type(args[1].value) is cst.SimpleString
    ):
        name = args[1].value.evaluated_value  # type: ignore[attr-defined]
        return name if isinstance(name, str) else None
    return None


def _unset_attrs(test: cst.BaseExpression, holds: bool, me: str) -> Optional[list[frozenset[str]]]:
    """When ``test`` being ``holds`` says some state of ``<me>`` is not there yet (``self.x is
    None``, ``not self.ready``, ``not hasattr(self, "x")``, ``getattr(self, "x", None) is None``):
    the alternatives of attributes to store, each enough to make it stop holding; else None."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _unset_attrs(test.expression, not holds, me)
    if type(test) is cst.BooleanOperation:
        parts = [_unset_attrs(side, holds, me) for side in (test.left, test.right)]
        if isinstance(test.operator, cst.And) == holds:
            # Every operand holds: storing what refutes any one of them is enough.
            found = [alternative for part in parts if part for alternative in part]
            return found or None
        # One operand at least holds: each must be refuted.
        if any(part is None for part in parts):
            return None
        return [a | b for a in parts[0] for b in parts[1]]  # type: ignore[index]
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        comparison = test.comparisons[0]
        attr = _self_attr(test.left, me)
        right = comparison.comparator
        if attr is None or type(right) is not cst.Name or right.value not in ("None", "False"):
            return None
        operator = type(comparison.operator)
        if operator in (cst.Is, cst.Equal):
            return [frozenset({attr})] if holds else None
        if operator in (cst.IsNot, cst.NotEqual):
            return [frozenset({attr})] if not holds else None
        return None
    if holds:
        return None
    if (
        type(test) is cst.Call
        and type(test.func) is cst.Name
        and test.func.value == "hasattr"
        and len(test.args) == 2
    ):
        name = _named(test, me)
        return [frozenset({name})] if name is not None else None
    attr = _self_attr(test, me)
    return [frozenset({attr})] if attr is not None else None


def _falsy_literal(value: Optional[cst.BaseExpression]) -> bool:
    """None, False, 0 or an empty string / container: a value that leaves the state unset."""
    if value is None:
        return False
    if type(value) is cst.Name:
        return value.value in ("None", "False")
    if type(value) in (cst.Integer, cst.Float):
        return float(value.value.replace("_", "")) == 0  # type: ignore[attr-defined]
    if type(value) is cst.SimpleString:
        return not value.evaluated_value  # type: ignore[attr-defined]
    if type(value) in (cst.List, cst.Tuple, cst.Set, cst.Dict):
        return not value.elements  # type: ignore[attr-defined]
    return False


def _stores(
    statements: Sequence[cst.CSTNode],
    me: str,
    methods: dict[str, cst.FunctionDef],
    depth: int = 0,
) -> tuple[set[str], set[str]]:
    """(set, reset): the attributes of ``<me>`` that ``statements`` give a value that is there
    (any but a falsy literal) and those they give a falsy literal, at their top level (and in
    ``with`` blocks, and in ``<me>.method(...)`` calls of a method of the class, one level)."""
    stored: set[str] = set()
    reset: set[str] = set()

    def value_store(attr: Optional[str], value: Optional[cst.BaseExpression]) -> None:
        if attr is not None:
            (reset if _falsy_literal(value) else stored).add(attr)

    for statement in statements:
        if type(statement) is cst.With:
            inner = _stores(statement.body.body, me, methods, depth)  # type: ignore[attr-defined]
            stored |= inner[0]
            reset |= inner[1]
            continue
        if type(statement) is not cst.SimpleStatementLine:
            continue
        for small in statement.body:  # type: ignore[attr-defined]
            if type(small) is cst.Assign:
                for target in small.targets:
                    elements = (
                        [e.value for e in target.target.elements]  # type: ignore[attr-defined]
                        if type(target.target) in (cst.Tuple, cst.List)
                        else [target.target]
                    )
                    single = len(elements) == 1
                    for element in elements:
                        value_store(_self_attr(element, me), small.value if single else None)
            elif type(small) is cst.AnnAssign and small.value is not None:
                value_store(_self_attr(small.target, me), small.value)
            elif type(small) is cst.Expr and type(small.value) is cst.Call:
                call = small.value
                func = call.func
                if type(func) is cst.Name and func.value == "setattr" and len(call.args) == 3:
                    value_store(_named(call, me), call.args[2].value)
                elif (
                    type(func) is cst.Attribute
                    and type(func.value) is cst.Name
                    and func.value.value == me  # type: ignore[attr-defined]
                ):
                    name = func.attr.value
                    if (
                        name in _NAMED_STORES
                        and call.args
                        and type(call.args[0].value) is cst.SimpleString
                    ):
                        value = call.args[1].value if len(call.args) > 1 else None
                        attr = call.args[0].value.evaluated_value  # type: ignore[attr-defined]
                        value_store(attr if isinstance(attr, str) else None, value)
                    elif name in methods and depth == 0:
                        method = methods[name]
                        params = method.params.params
                        inner_me = params[0].name.value if params else me
                        inner = _stores(method.body.body, inner_me, methods, 1)  # type: ignore[attr-defined]
                        stored |= inner[0]
                        reset |= inner[1]
    return stored, reset


def _settles(
    alternatives: list[frozenset[str]],
    branch: Sequence[cst.CSTNode],
    me: str,
    methods: dict[str, cst.FunctionDef],
    function: cst.FunctionDef,
) -> bool:
    """Whether ``branch`` stores every attribute of one alternative, and ``function`` resets
    none of them elsewhere (a reset makes the branch run again)."""
    stored, _ = _stores(branch, me, methods)
    chosen = next((a for a in alternatives if a <= stored), None)
    if chosen is None:
        return False
    _, reset = _stores_anywhere(function, me, methods)
    return not (chosen & reset)


def _stores_anywhere(
    function: cst.FunctionDef, me: str, methods: dict[str, cst.FunctionDef]
) -> tuple[set[str], set[str]]:
    """``_stores`` of every block of ``function`` (not of functions nested in it)."""
    stored: set[str] = set()
    reset: set[str] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not function:
            return False
        if isinstance(node, cst.BaseSuite) and type(node) is cst.IndentedBlock:
            inner = _stores(node.body, me, methods)  # type: ignore[attr-defined]
            stored.update(inner[0])
            reset.update(inner[1])
        return None

    walk(function, enter, lambda node: None)
    return stored, reset


def first_call_tests(
    function: Optional[cst.FunctionDef],
    statements: Sequence[cst.CSTNode],
    node: cst.CSTNode,
    callers: bool = True,
) -> list[cst.BaseExpression]:
    """The tests, outermost first, of the first-call set-up branches ``node`` is in: an ``if``
    whose test says some state of ``self`` is not there yet and whose body stores it (or the
    statements after ``if <state is there>: return ...``, when they store it), or in a method
    that only such branches call (with ``callers``). Such code runs on a module's first call
    and never again."""
    if function is None:
        return []
    memo = memo_miss_tests(function, statements, node)
    if memo or not function.params.params:
        return memo
    me = function.params.params[0].name.value
    cls = next((s for s in reversed(statements) if type(s) is cst.ClassDef), None)
    if cls is None:
        return []  # state of an object handed in, not of a module built once
    methods = {
        member.name.value: member
        for member in cls.body.body  # type: ignore[attr-defined]
        if type(member) is cst.FunctionDef
    }
    chain = _chain(function, statements, node)
    found = _setup_tests(function, chain, me, methods)
    if not found and callers:
        # A method of the class that only set-up branches call (`if self.idx is None:
        # self._build(x)`) runs on the first call too.
        entry = _CALLED_ONLY_IN_SETUP.get(id(function))
        if entry is None or entry[0] is not function:
            if len(_CALLED_ONLY_IN_SETUP) > 512:
                _CALLED_ONLY_IN_SETUP.clear()
            entry = (function, _called_only_in_setup(function, cls, methods))
            _CALLED_ONLY_IN_SETUP[id(function)] = entry
        found = entry[1]
    return found


def memo_miss_tests(
    function: cst.FunctionDef, statements: Sequence[cst.CSTNode], node: cst.CSTNode
) -> list[cst.BaseExpression]:
    """The tests, outermost first, of the memo misses ``node`` runs on: code that fills an
    entry of a dict kept across calls (a module-level dict, one of its entries, or a dict on
    ``self``) when the entry is not there yet, so that it runs on the first call for that key
    and never again: the handler of ``try: ... memo[key] ... except KeyError:`` that stores
    ``memo[key]``, the body of ``if key not in memo:`` that stores ``memo[key]``, and the
    statements after ``if key in memo: return ...`` when they store it. A test that is not in
    the code (the handler's) is made up as ``key not in memo``. Keys read off a size are left
    out: ``torch.jit.trace`` records sizes as tensors, which no stored key equals, so such a
    memo misses on every traced call."""
    chain = _chain(function, statements, node)
    found: list[cst.BaseExpression] = []
    for owner, child in zip(chain, chain[1:]):
        block = _block_statements(owner, child)
        for index, sibling in enumerate(block):
            if sibling is child:
                break
            if type(sibling) is cst.If and sibling.orelse is None and ends_in_exit(sibling.body):
                entry = _membership(sibling.test, cst.In, function)
                if entry is not None and _stores_entry(block[index + 1 :], *entry):
                    if _kept_across_calls(function, statements, entry[0]):
                        found.append(_not_in(*entry))
        if type(owner) is cst.If and owner.orelse is None and _contains(owner.body, child):
            entry = _membership(owner.test, cst.NotIn, function)
            if (
                entry is not None
                and _stores_entry(owner.body.body, *entry)
                and _kept_across_calls(function, statements, entry[0])
            ):
                found.append(owner.test)
        if type(owner) is cst.Try:
            handler = next((h for h in owner.handlers if _contains(h.body, child)), None)
            if handler is not None and _catches_missing_key(handler):
                for memo, key in _entries_read(owner.body, function):
                    if _stores_entry(handler.body.body, memo, key) and _kept_across_calls(
                        function, statements, memo
                    ):
                        found.append(_not_in(memo, key))
                        break
    return found


# The exceptions a missing dict key raises (``None``: a bare ``except:``).
MISSING_KEY_ERRORS = frozenset({"KeyError", "LookupError", "Exception"})
# Calls that read a size off a tensor: a key holding one misses on every traced call.
SIZE_READS = frozenset({"shape", "size", "numel", "dim", "ndim", "ndimension"})


def _chain(
    function: cst.FunctionDef, statements: Sequence[cst.CSTNode], node: cst.CSTNode
) -> list[cst.CSTNode]:
    """``function``, the statements around ``node`` inside it (outermost first), and ``node``."""
    chain: list[cst.CSTNode] = [function]
    inside = False
    for statement in statements:
        if statement is function:
            inside = True
            continue
        if inside:
            chain.append(statement)
    chain.append(node)
    return chain


def _membership(
    test: cst.BaseExpression, operator: type, function: cst.FunctionDef
) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(memo, key) of ``key in memo`` / ``key not in memo`` (by ``operator``)."""
    if (
        type(test) is cst.Comparison
        and len(test.comparisons) == 1
        and type(test.comparisons[0].operator) is operator
        and not _reads_size(test.left, function)
    ):
        return test.comparisons[0].comparator, test.left
    return None


def _not_in(memo: cst.BaseExpression, key: cst.BaseExpression) -> cst.BaseExpression:
    return cst.Comparison(key, [cst.ComparisonTarget(cst.NotIn(), memo)])


def _catches_missing_key(handler: cst.ExceptHandler) -> bool:
    caught = handler.type
    if caught is None:
        return True
    names = (
        [element.value for element in caught.elements]  # type: ignore[attr-defined]
        if type(caught) is cst.Tuple
        else [caught]
    )
    for value in names:
        if type(value) is cst.Name and value.value in MISSING_KEY_ERRORS:
            return True
    return False


def _entries_read(
    body: cst.BaseSuite, function: cst.FunctionDef
) -> list[tuple[cst.BaseExpression, cst.BaseExpression]]:
    """(memo, key) of each ``memo[key]`` that ``body`` reads (not a store target)."""
    found: list[tuple[cst.BaseExpression, cst.BaseExpression]] = []
    stored: set[int] = set()

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        if type(node) is cst.Assign:
            stored.update(id(target.target) for target in node.targets)  # type: ignore[attr-defined]
        elif type(node) is cst.Subscript and id(node) not in stored:
            entry = _subscript_entry(node)  # type: ignore[arg-type]
            if entry is not None and not _reads_size(entry[1], function):
                found.append(entry)
        return None

    walk(body, enter, lambda node: None)
    return found


def _subscript_entry(
    node: cst.Subscript,
) -> Optional[tuple[cst.BaseExpression, cst.BaseExpression]]:
    if len(node.slice) != 1 or type(node.slice[0].slice) is not cst.Index:
        return None
    return node.value, node.slice[0].slice.value  # type: ignore[attr-defined]


def _stores_entry(
    block: Sequence[cst.CSTNode], memo: cst.BaseExpression, key: cst.BaseExpression
) -> bool:
    """Whether a statement of ``block`` (or of a block inside it) assigns ``memo[key]``."""
    memo_code, key_code = _code(memo), _code(key)
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if found or type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            return False
        if type(node) is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                entry = (
                    _subscript_entry(target.target)
                    if type(target.target) is cst.Subscript
                    else None
                )
                if entry is not None and (_code(entry[0]), _code(entry[1])) == (
                    memo_code,
                    key_code,
                ):
                    found = True
        return None

    for statement in block:
        walk(statement, enter, lambda node: None)
    return found


def _reads_size(
    expr: cst.BaseExpression, function: Optional[cst.FunctionDef], depth: int = 0
) -> bool:
    """Whether ``expr`` reads a size off something (``x.shape[0]``, ``x.size(1)``, ``len(x)``),
    directly or through a local name of ``function`` bound to one."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        if type(node) is cst.Attribute and node.attr.value in SIZE_READS:  # type: ignore[attr-defined]
            found = True
        elif type(node) is cst.Name and node.value == "len":  # type: ignore[attr-defined]
            found = True
        elif type(node) is cst.Name and depth < 3:
            found = found or any(
                _reads_size(value, function, depth + 1)
                for value, _, _ in assignments(function, node.value)  # type: ignore[attr-defined]
            )
        return None

    walk(expr, enter, lambda node: None)
    return found


def _kept_across_calls(
    function: cst.FunctionDef,
    statements: Sequence[cst.CSTNode],
    memo: cst.BaseExpression,
    depth: int = 0,
) -> bool:
    """Whether the dict ``memo`` outlives a call of ``function``: a name it does not bind and
    no enclosing function binds (a module-level dict), an attribute of ``self`` in a method, an
    entry or attribute of such a dict, or a local name bound only to those. A parameter or a
    local bound to a new dict is made afresh by each call (or by its caller)."""
    if depth > 4:
        return False
    if type(memo) is cst.Subscript:
        return _kept_across_calls(function, statements, memo.value, depth + 1)
    if type(memo) is cst.Call:
        func = memo.func
        return (
            type(func) is cst.Attribute
            and func.attr.value in ("get", "setdefault")
            and _kept_across_calls(function, statements, func.value, depth + 1)
        )
    if type(memo) is cst.Attribute:
        root: cst.BaseExpression = memo
        while type(root) is cst.Attribute:
            root = root.value  # type: ignore[attr-defined]
        params = function.params.params
        in_class = any(type(s) is cst.ClassDef for s in statements)
        if type(root) is cst.Name and in_class and params and root.value == params[0].name.value:
            return True
        return type(root) is cst.Name and _kept_across_calls(function, statements, root, depth + 1)
    if type(memo) is not cst.Name:
        return False
    name = memo.value
    params = function.params
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    if any(param.name.value == name for param in every):
        return False
    bound = assignments(function, name)
    if not bound:
        # Not bound here: a module-level name, unless an enclosing function binds it.
        return not any(
            type(s) is cst.FunctionDef and s is not function and assignments(s, name)
            for s in statements
        )
    return all(
        type(value) in (cst.Subscript, cst.Call, cst.Attribute)
        and _kept_across_calls(function, statements, value, depth + 1)
        for value, _, size in bound
        if size == 1
    ) and all(size == 1 for _, _, size in bound)


# id(method) -> (the method, the set-up test its callers call it under); the node is kept so
# its id is not reused.
_CALLED_ONLY_IN_SETUP: dict[int, tuple[cst.FunctionDef, list[cst.BaseExpression]]] = {}


def _setup_tests(
    function: cst.FunctionDef,
    chain: Sequence[cst.CSTNode],
    me: str,
    methods: dict[str, cst.FunctionDef],
) -> list[cst.BaseExpression]:
    """The tests of the set-up branches on ``chain`` (``function``, the statements around a
    node inside it, outermost first, and the node)."""
    found: list[cst.BaseExpression] = []
    for owner, child in zip(chain, chain[1:]):
        block = _block_statements(owner, child)
        for index, sibling in enumerate(block):
            if sibling is child:
                break
            if type(sibling) is cst.If and sibling.orelse is None and ends_in_exit(sibling.body):
                unset = _unset_attrs(sibling.test, False, me)
                if unset and _settles(unset, block[index + 1 :], me, methods, function):
                    found.append(sibling.test)
        if type(owner) is cst.If and _contains(owner.body, child):
            unset = _unset_attrs(owner.test, True, me)
            if unset and _settles(unset, owner.body.body, me, methods, function):  # type: ignore[attr-defined]
                found.append(owner.test)
    return found


def _called_only_in_setup(
    function: cst.FunctionDef, cls: cst.ClassDef, methods: dict[str, cst.FunctionDef]
) -> list[cst.BaseExpression]:
    """The set-up test of the first call of ``function`` (a method of ``cls``) when every
    call of it by another method (``__init__`` aside) is inside a set-up branch; else none."""
    name = function.name.value
    tests: list[cst.BaseExpression] = []
    for caller_name, caller in methods.items():
        if caller is function or caller_name == "__init__" or not caller.params.params:
            continue
        me = caller.params.params[0].name.value
        for chain, call in _self_call_chains(caller, me, name):
            found = _setup_tests(caller, [caller, *chain, call], me, methods)
            if not found:
                return []
            tests.extend(t for t in found if t not in tests)
    return tests[:1]


def _self_call_chains(
    method: cst.FunctionDef, me: str, name: str
) -> list[tuple[list[cst.CSTNode], cst.Call]]:
    """Each ``<me>.<name>(...)`` call in ``method`` with the statements around it, outermost
    first (not in functions nested in it)."""
    found: list[tuple[list[cst.CSTNode], cst.Call]] = []
    stack: list[cst.CSTNode] = []

    def enter(node: cst.CSTNode) -> Optional[bool]:
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda) and node is not method:
            return False
        if node is not method and (
            isinstance(node, cst.BaseCompoundStatement) or type(node) is cst.SimpleStatementLine
        ):
            stack.append(node)
        elif (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute  # type: ignore[attr-defined]
            and node.func.attr.value == name  # type: ignore[attr-defined]
            and type(node.func.value) is cst.Name  # type: ignore[attr-defined]
            and node.func.value.value == me  # type: ignore[attr-defined]
        ):
            found.append((list(stack), node))  # type: ignore[arg-type]
        return None

    def leave(node: cst.CSTNode) -> None:
        if stack and stack[-1] is node:
            stack.pop()

    walk(method, enter, leave)
    return found


def first_call_condition(tests: Sequence[cst.BaseExpression]) -> Optional[PathCondition]:
    """The condition of code in first-call set-up branches (``first_call_tests``)."""
    if not tests:
        return None
    return PathCondition(" and ".join(_code(test) for test in tests), first_call=True)
