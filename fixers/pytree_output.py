"""TL111: ``forward`` returns a dataclass or a dict subclass -> register the class as a pytree
node after its definition, so ``torch.export`` can flatten it (unsafe).

Two class shapes get a registration torch 2.13 accepts with the output unchanged:

- a ``@dataclass``: ``torch.export.register_dataclass(Output)``;
- a subclass of ``dict`` / ``OrderedDict`` that defines no ``__init__``, ``__new__`` or
  ``__setitem__`` (so ``Output(zip(keys, values))`` rebuilds it as the dict constructor does):
  ``torch.utils._pytree.register_pytree_node(Output, flatten, unflatten)``, keys as context.

Eager is unchanged (registration only adds an entry to torch's pytree table), as are
``torch.jit.script`` (module-level code is not scripted) and ``torch.jit.trace`` (which still
refuses the class: TL111 keeps its trace finding). The exported module returns an instance of
the class again. Only a class defined at the top level of the same file is registered.

Unsafe: the registration is global. Every pytree user (``tree_map``, FSDP's output hooks,
``torch.utils.checkpoint``) now descends into instances of the class instead of treating one
as a leaf.
"""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.diagnostics import Diagnostic
from torchlint.lint.fixes import Fixer, Replacement
from torchlint.lint.graph_queries import UNKNOWN_VALUE, assignments

from ._shared import local_definition

DATACLASS_DECORATORS = frozenset({"dataclasses.dataclass"})
DICT_BASES = frozenset({"builtins.dict", "collections.OrderedDict"})
# A dict subclass that defines one of these may not be rebuilt by ``Output(zip(keys, values))``.
CONSTRUCTION_METHODS = frozenset({"__init__", "__new__", "__setitem__", "update"})


class RegisterPytreeOutput(Fixer):
    codes = ("TL111",)
    applicability = "unsafe"
    message = (
        "register the output class as a pytree node after its definition (unsafe: pytree "
        "utilities such as `tree_map` then descend into its instances)"
    )

    def fix(self, diagnostic: Diagnostic) -> Optional[list[Replacement]]:
        if "export" not in diagnostic.targets or diagnostic.node is None:
            return None
        cls = self._returned_class(diagnostic.node)  # type: ignore[arg-type]
        if cls is None:
            return None
        torch = self.import_module("torch")
        if self._is_dataclass(cls):
            registration = f"{torch}.export.register_dataclass({cls.name.value})\n"
        elif self._is_plain_dict_subclass(cls):
            name = cls.name.value
            registration = (
                f"{torch}.utils._pytree.register_pytree_node(\n"
                f"    {name},\n"
                "    lambda output: (list(output.values()), list(output.keys())),\n"
                f"    lambda values, keys: {name}(zip(keys, values)),\n"
                ")\n"
            )
        else:
            return None
        statement = cst.parse_statement(registration).with_changes(
            leading_lines=[cst.EmptyLine(), cst.EmptyLine()]
        )
        return [(cls, cst.FlattenSentinel([cls, statement]))]

    def _returned_class(self, value: cst.BaseExpression) -> Optional[cst.ClassDef]:
        """The top-level class of this file that every path returning ``value`` instantiates."""
        calls: list[cst.BaseExpression] = [value]
        if isinstance(value, cst.Name):
            function = self.enclosing_function(value)
            bound = assignments(function, value.value) if function is not None else None
            if not bound or any(v is UNKNOWN_VALUE for v, _, _ in bound):
                return None
            calls = [v for v, _, _ in bound]
        names = {
            self.ctx.qualified_name(call.func) if isinstance(call, cst.Call) else None
            for call in calls
        }
        if len(names) != 1 or None in names:
            return None
        definition = local_definition(self, names.pop())  # type: ignore[arg-type]
        # Top level only: the registration goes right after the class, in the module.
        top_level = isinstance(definition, cst.ClassDef) and definition in self.ctx.module.body
        return definition if top_level else None  # type: ignore[return-value]

    def _is_dataclass(self, cls: cst.ClassDef) -> bool:
        if cls.bases:
            return False
        for decorator in cls.decorators:
            target = decorator.decorator
            if isinstance(target, cst.Call):
                # dataclass(init=False) or frozen / slots variants: no certain constructor.
                return False
            if self.ctx.qualified_name(target) in DATACLASS_DECORATORS:
                return len(cls.decorators) == 1
        return False

    def _is_plain_dict_subclass(self, cls: cst.ClassDef) -> bool:
        if cls.decorators or len(cls.bases) != 1 or cls.bases[0].keyword is not None:
            return False
        if self.ctx.qualified_name(cls.bases[0].value) not in DICT_BASES:
            return False
        defined = {
            statement.name.value
            for statement in cls.body.body
            if isinstance(statement, cst.FunctionDef)
        }
        return not defined & CONSTRUCTION_METHODS
