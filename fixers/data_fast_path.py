"""TL101: a fast path that drops an optional tensor on a test of its data -> the general path
for every input (unsafe).

Model code often skips a mask when its data makes it trivial:

- ``if mask is not None and not mask.any(): mask = None`` (no ``else``) -> the statement goes;
- ``if (lengths == n).all(): mask = None`` / ``else: mask = <build it>`` -> the ``else``
  branch alone (and the mirror image, ``None`` in the ``else`` branch).

The test reads tensor data, which no graph can branch on; the general path computes the same
result wherever the fast path only skips work, which is what setting the tensor to ``None``
says: "nothing to mask". Only that shape is taken: a branch that sets one name to ``None`` and
nothing else (and, with ``else``, an ``else`` that binds that name), with a test that reads
tensor data, and where every later read of the name is a mask keyword of a call
(``key_padding_mask=``, ``attn_mask=``, ``attention_mask=``, ...), whose API takes ``None``
as "nothing masked". Compile, export and trace then see one path.

Unsafe because the equivalence is the author's claim, not the linter's: an all-False padding
mask and no mask give the same attention, but a consumer that treats ``None`` differently
(another kernel, another default) may not. The repair harness checks eager outputs on the
probes' inputs.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement

from ._shared import variable_uses
from .tensor_condition import reported_test, statement_comments

# Keyword parameters of torch's attention APIs (and the usual spellings model code forwards
# them under) where ``None`` means "nothing masked".
MASK_KEYWORDS = frozenset(
    {"key_padding_mask", "attn_mask", "src_key_padding_mask", "tgt_key_padding_mask",
     "memory_key_padding_mask", "src_mask", "tgt_mask", "memory_mask", "padding_mask",
     "attention_mask", "mask"}
)  # fmt: skip


def _inside(fixer: Fixer, node: cst.CSTNode, outer: cst.CSTNode) -> bool:
    return any(ancestor is outer for ancestor in fixer.ancestors(node))


class DropDataFastPath(Fixer):
    codes = ("TL101",)
    applicability = "unsafe"
    message = (
        "drop the fast path that sets the tensor to None on a test of its data: the general "
        "path gives the same result for every input and every back-end can follow it"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        test, owner = reported_test(self, diagnostic)
        if not isinstance(owner, cst.If) or owner.test is not test:
            return None
        if not isinstance(self.parent(owner), cst.IndentedBlock):
            return None
        block = self.parent(owner)
        dropped = _none_assignment(owner.body)
        name = dropped or (
            _none_assignment(owner.orelse.body) if isinstance(owner.orelse, cst.Else) else None
        )
        if name is None or not self._only_masks(owner, name):
            return None
        orelse = owner.orelse
        if orelse is None:
            if not dropped:
                return None
            return self._remove(owner, block)
        if not isinstance(orelse, cst.Else) or not isinstance(orelse.body, cst.IndentedBlock):
            return None
        if not isinstance(owner.body, cst.IndentedBlock):
            return None
        if dropped and _binds(orelse.body, dropped):
            general = orelse.body
        elif (kept := _none_assignment(orelse.body)) and _binds(owner.body, kept):
            general = owner.body
        else:
            return None
        statements = list(general.body)
        first = statements[0].with_changes(
            leading_lines=[
                *owner.leading_lines,
                *_comment_lines(owner, general),
                *statements[0].leading_lines,
            ]
        )
        return [(owner, cst.FlattenSentinel([first, *statements[1:]]))]

    def _only_masks(self, owner: cst.If, name: str) -> bool:
        """Every read of ``name`` outside ``owner`` is a mask keyword of a call
        (``key_padding_mask=name``), whose API takes ``None`` as "nothing masked"."""
        function = self.enclosing_function(owner)
        if function is None:
            return False
        reads = [
            use
            for use in variable_uses(self, function, name)
            if not _inside(self, use, owner)
            and not isinstance(self.parent(use), (cst.AssignTarget, cst.Param))
        ]
        for use in reads:
            arg = self.parent(use)
            if not (
                isinstance(arg, cst.Arg)
                and arg.value is use
                and arg.keyword is not None
                and arg.keyword.value in MASK_KEYWORDS
            ):
                return False
        return bool(reads)

    def _remove(self, owner: cst.If, block: cst.CSTNode) -> Optional[list[Replacement]]:
        """The statement goes; its comments move above the next statement."""
        comments = [*owner.leading_lines, *_comment_lines(owner, None)]
        if not any(line.comment for line in comments):
            return [(owner, cst.RemovalSentinel.REMOVE)]
        body = list(getattr(block, "body", ()))
        index = next((i for i, statement in enumerate(body) if statement is owner), None)
        if index is None or index + 1 >= len(body):
            return None
        following = body[index + 1]
        return [
            (owner, cst.RemovalSentinel.REMOVE),
            (following, following.with_changes(
                leading_lines=[*comments, *following.leading_lines]
            )),
        ]  # fmt: skip


def _comment_lines(owner: cst.If, kept: Optional[cst.BaseSuite]) -> list[cst.EmptyLine]:
    """Lines for the comments of ``owner`` outside the ``kept`` branch (kept in place)."""
    header, others = statement_comments(owner)
    inside: set[int] = set()
    if kept is not None:

        class Comments(cst.CSTVisitor):
            def visit_Comment(self, node: cst.Comment) -> None:
                inside.add(id(node))

        kept.visit(Comments())
    comments = ([header] if header is not None else []) + [c for c in others if id(c) not in inside]
    return [cst.EmptyLine(comment=c) for c in comments]


def _none_assignment(body: cst.BaseSuite) -> Optional[str]:
    """``name`` when the branch is exactly ``name = None``."""
    if isinstance(body, cst.SimpleStatementSuite):
        smalls = list(body.body)
    elif len(body.body) == 1 and isinstance(body.body[0], cst.SimpleStatementLine):
        smalls = list(body.body[0].body)
    else:
        return None
    if len(smalls) != 1 or not isinstance(smalls[0], cst.Assign):
        return None
    assign = smalls[0]
    target = assign.targets[0].target if len(assign.targets) == 1 else None
    if isinstance(target, cst.Name) and isinstance(assign.value, cst.Name):
        return target.value if assign.value.value == "None" else None
    return None


def _binds(body: cst.BaseSuite, name: str) -> bool:
    """Whether a top-level statement of the branch assigns ``name``."""
    for line in body.body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.Assign) and any(
                isinstance(t.target, cst.Name) and t.target.value == name for t in small.targets
            ):
                return True
    return False
