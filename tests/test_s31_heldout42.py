"""Session 31 (helper-278): heldout42's script misses and false alarm, by mechanism, in other
spellings.

- TL209: a ``str`` method called with a keyword Python's ``str`` takes and no ``aten::`` schema
  of the method names (``s.split(sep, maxsplit=1)``: TorchScript's ``split`` takes
  ``separator`` and ``max``; the generated ``str_method_keywords``); an ``nn.Module`` method
  TorchScript cannot compile (``.train()``, ``.eval()``) called on the loop variable of
  ``for m in self.modules()`` / ``.children()`` / ``.named_children()``; ``Out._fields`` /
  ``_field_defaults`` read on a NamedTuple class (attribute lookup is not defined on it);
  ``torch.nested.*`` Python functions (``torch.nested`` joins the namespaces of the generated
  ``python_functions_unscriptable``).
- TL212: a module attribute holding a ``torch.finfo`` / ``torch.iinfo`` object (the generated
  ``attribute_objects_unconvertible``) or a memory format (``class_data_values``' ``inline``
  values), in either branch of a conditional expression.
- TL214: a tuple or list display used as an annotation (``-> (Tensor, Tensor)``).
- TL225: a raising property of a base class no longer flagged when every class of the file
  deriving from it overrides it.

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import pytest

from torchlint.lint.engine import lint_text
from torchlint.lint.settings import Settings

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = (
    "from collections import namedtuple\nfrom typing import Dict, List, NamedTuple, Tuple\n\n"
    "import torch\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"


def _model(body: str, init: str = "", extra: str = "", returns: str = "") -> str:
    return (
        HEADER
        + extra
        + "\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n"
        + "".join(f"        {line}\n" for line in init.splitlines())
        + f"\n    def forward(self, x: Tensor){returns}:\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
        + INPUTS
    )


NAMES = 'self.names = ["a/b/c", "d/e"]'
OUT = "\n\nclass Out(NamedTuple):\n    logits: Tensor\n    probs: Tensor\n"
PAIR = '\n\nPair = namedtuple("Pair", ["left", "right"])\n'
BASE = (
    "\n\nclass Base(nn.Module):\n    @property\n    def width(self) -> int:\n"
    "        raise NotImplementedError\n\n    def forward(self, x: Tensor) -> Tensor:\n"
    "        return x[:, : self.width] * 2.0\n"
)

CASES = {
    # TL209: Python's keyword names of str methods.
    "str_rsplit_maxsplit_keyword": (
        _model(
            "n = 0\nfor name in self.names:\n    head = name.rsplit('/', maxsplit=1)[0]\n"
            "    n += len(head)\nreturn x * n",
            init=NAMES,
        ),
        "TL209",
        True,
    ),
    "str_split_sep_keyword": (
        _model("parts = self.tag.split(sep='/')\nreturn x * len(parts)", init='self.tag = "a/b"'),
        "TL209",
        True,
    ),
    "str_split_positional_max": (
        _model(
            "n = 0\nfor name in self.names:\n    head = name.split('/', 1)[0]\n"
            "    n += len(head)\nreturn x * n",
            init=NAMES,
        ),
        "TL209",
        False,
    ),
    "str_expandtabs_tabsize_keyword": (
        _model(
            "key = self.tag.expandtabs(tabsize=2)\nreturn x * len(key)", init='self.tag = "a\\tb"'
        ),
        "TL209",
        False,
    ),
    # TL209: nn.Module methods on the submodules modules() / children() yield.
    "children_eval_in_loop": (
        _model(
            "for m in self.children():\n    m.eval()\nreturn self.fc(x)",
        ),
        "TL209",
        True,
    ),
    "named_children_train_in_loop": (
        _model(
            "for name, m in self.named_children():\n    m.train(False)\nreturn self.fc(x)",
        ),
        "TL209",
        True,
    ),
    "modules_loop_training_read": (
        _model(
            "n = 0\nfor m in self.modules():\n    if m.training:\n        n += 1\n"
            "return self.fc(x) * n",
        ),
        "TL209",
        False,
    ),
    # TL209: class data of a NamedTuple class.
    "typing_namedtuple_fields": (
        _model(
            "vals = [self.fc(x), x.softmax(-1)]\nout: Dict[str, Tensor] = {}\n"
            "for name, v in zip(Out._fields, vals):\n    out[name] = v\nreturn out['logits']",
            extra=OUT,
        ),
        "TL209",
        True,
    ),
    "collections_namedtuple_fields_len": (
        _model("return x * len(Pair._fields)", extra=PAIR),
        "TL209",
        True,
    ),
    "namedtuple_field_names_written_out": (
        _model(
            "vals = [self.fc(x), x.softmax(-1)]\nout: Dict[str, Tensor] = {}\n"
            "for name, v in zip(['logits', 'probs'], vals):\n    out[name] = v\n"
            "o = Out(vals[0], vals[1])\nreturn out['logits'] + o.probs",
            extra=OUT,
        ),
        "TL209",
        False,
    ),
    # TL209: torch.nested's Python functions.
    "nested_as_nested_tensor": (
        _model(
            "nt = torch.nested.as_nested_tensor([x, x[:1]])\n"
            "return torch.nested.to_padded_tensor(nt, 0.0).sum(0)"
        ),
        "TL209",
        True,
    ),
    # TL212: torch type objects held by the module.
    "iinfo_attribute": (
        _model(
            "return x.clamp(max=float(self.limits.max))",
            init="self.limits = torch.iinfo(torch.int8)",
        ),
        "TL212",
        True,
    ),
    "finfo_value_stored": (
        _model(
            "return x.clamp(min=self.lo, max=self.hi)",
            init="self.lo = torch.finfo(torch.float16).min\nself.hi = torch.finfo(torch.float16).max",
        ),
        "TL212",
        False,
    ),
    "memory_format_attribute": (
        _model(
            "return self.fc(x).contiguous(memory_format=self.fmt)",
            init="self.fmt = torch.contiguous_format",
        ),
        "TL212",
        True,
    ),
    "memory_format_spelled_in_forward": (
        _model(
            "y = self.fc(x)\nif self.channels_last:\n"
            "    y = y.unsqueeze(-1).unsqueeze(-1).contiguous(memory_format=torch.channels_last)"
            "\n    return y.flatten(1)\nreturn y",
            init="self.channels_last = False",
        ),
        "TL212",
        False,
    ),
    # TL214: a display as an annotation.
    "list_display_return_annotation": (
        _model("return [self.fc(x), x]", returns=" -> [Tensor]"),
        "TL214",
        True,
    ),
    "tuple_display_parameter_annotation_helper": (
        _model(
            "return _first((self.fc(x), x))",
            extra="\n\ndef _first(pair: (Tensor, Tensor)) -> Tensor:\n    return pair[0]\n",
        ),
        "TL214",
        True,
    ),
    "typing_tuple_return_annotation": (
        _model("return self.fc(x), x", returns=" -> Tuple[Tensor, Tensor]"),
        "TL214",
        False,
    ),
    # TL225: the base's raising property overridden by every subclass of the file.
    "base_property_overridden_by_two_subclasses": (
        HEADER
        + BASE
        + "\n\nclass Narrow(Base):\n    @property\n    def width(self) -> int:\n        return 2\n"
        + "\n\nclass Model(Base):\n    @property\n    def width(self) -> int:\n        return 3\n"
        + INPUTS,
        "TL225",
        False,
    ),
    "base_property_one_subclass_inherits": (
        HEADER
        + BASE
        + "\n\nclass Narrow(Base):\n    @property\n    def width(self) -> int:\n        return 2\n"
        + "\n\nclass Model(Base):\n    def extra(self) -> int:\n        return 1\n"
        + INPUTS,
        "TL225",
        True,
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint(case: str) -> None:
    source, code, flagged = CASES[case]
    found = findings(source, code, "script")
    assert bool(found) == flagged, [d.message for d in found]


@pytest.mark.parametrize("case", sorted(c for c, (_, _, flagged) in CASES.items() if not flagged))
def test_no_other_script_finding_on_clean_cases(case: str) -> None:
    source = CASES[case][0]
    result = lint_text("model.py", source, Settings(targets=("script",), targets_explicit=True))
    assert not [d.message for d in result.diagnostics if "script" in d.targets]


@requires_torch
@pytest.mark.parametrize("case", sorted(CASES))
def test_torch_agrees(case: str) -> None:
    from .oracle import check

    source, _, flagged = CASES[case]
    verdict = check(source, "script")
    assert verdict.ok == (not flagged), verdict.detail
