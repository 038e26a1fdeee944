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


# The condition of code that graph code calls only under ``if self.training:`` (the index
# follows the calls: ``ProjectIndex.training_only``).
TRAINED_BY_CALLERS = PathCondition("self.training", "training")


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


def path_conditions(
    function: Optional[cst.FunctionDef],
    statements: Sequence[cst.CSTNode],
    node: cst.CSTNode,
) -> list[PathCondition]:
    """The conditions, outermost first, under which ``node`` runs inside ``function``.

    ``statements`` are the statements around ``node``, outermost first, as the lint context
    keeps them (compound statements included); only those inside ``function`` count.
    """
    if function is None:
        return []
    params = _Parameters(function)
    tests: list[tuple[cst.BaseExpression, bool]] = []
    chain: list[cst.CSTNode] = [function]
    inside = False
    for statement in statements:
        if statement is function:
            inside = True
            continue
        if inside:
            chain.append(statement)
    chain.append(node)
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
    conditions: list[PathCondition] = []
    for test, holds in tests:
        condition = _classify(test, params, holds)
        if condition is not None and condition not in conditions:
            conditions.append(condition)
    return conditions


def combined(conditions: Sequence[PathCondition]) -> tuple[Optional[str], Optional[str]]:
    """One text for all conditions, and the one mode they need (None: both modes run it)."""
    if not conditions:
        return None, None
    modes = {condition.mode for condition in conditions if condition.mode is not None}
    text = " and ".join(condition.text for condition in conditions)
    return text, modes.pop() if len(modes) == 1 else None
