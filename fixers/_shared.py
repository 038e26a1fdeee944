"""Helpers several fixers share: where a name is used, and how."""

from __future__ import annotations

from typing import Callable, Optional

import libcst as cst

from torchlint.lint.fixes import Fixer
from torchlint.lint.walk import walk


def names_in(root: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    walk(
        root,
        lambda node: found.append(node) if isinstance(node, cst.Name) else None,
        lambda node: None,
    )
    return found


def variable_uses(fixer: Fixer, scope: cst.CSTNode, name: str) -> list[cst.Name]:
    """``Name`` nodes in ``scope`` that read or write the variable ``name`` (not ``x.name``,
    not ``f(name=...)``)."""
    uses = []
    for node in names_in(scope):
        if node.value != name:
            continue
        parent = fixer.parent(node)
        if isinstance(parent, cst.Attribute) and parent.attr is node:
            continue
        if isinstance(parent, cst.Arg) and parent.keyword is node:
            continue
        uses.append(node)
    return uses


def scope_of(fixer: Fixer, node: cst.CSTNode) -> cst.CSTNode:
    function = fixer.enclosing_function(node)
    return function if function is not None else fixer.ctx.module


def single_assigned_name(fixer: Fixer, call: cst.Call) -> Optional[cst.Name]:
    """``name = <call>``: the target, when the call is the whole value of a one-target assignment."""
    assign = fixer.parent(call)
    if isinstance(assign, cst.Assign) and assign.value is call and len(assign.targets) == 1:
        target = assign.targets[0].target
        if isinstance(target, cst.Name):
            return target
    return None


def is_called(fixer: Fixer, name: cst.Name) -> bool:
    parent = fixer.parent(name)
    return isinstance(parent, cst.Call) and parent.func is name


def contains(root: cst.CSTNode, test: Callable[[cst.CSTNode], bool]) -> bool:
    """Whether any node in ``root`` (itself included) passes ``test``."""
    found = False

    def enter(node: cst.CSTNode) -> Optional[bool]:
        nonlocal found
        found = found or test(node)
        return False if found else None

    walk(root, enter, lambda node: None)
    return found
