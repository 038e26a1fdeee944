"""Session 30 (helper-273): heldout41's script misses, by mechanism, in other spellings.

- TL204: ``del self.attr`` (TorchScript deletes list and dict items and variables only); an
  annotation on ``self.attr`` in a method other than ``__init__`` (Type annotations on
  instance attributes must be declared in __init__); a tuple indexed by a bool (tuple index
  must be an integer: TorchScript's bool is no int).
- TL206: ``torch.autocast`` whose ``device_type`` / ``enabled`` is no constant to TorchScript
  (a parameter, a module attribute without ``Final``, a call, a local bound to one): the
  scripted block fails when it runs (Autocast device / _enabled argument must be a constant).
- TL209: ``self.sub.__call__(x)`` of a submodule (TorchScript compiles ``nn.Module.__call__``,
  which takes ``*args, **kwargs``).
- TL211: a slice of a shape (a list) returned under ``-> Tuple[...]``.
- TL212: a ``weakref`` object held as a module attribute and read in scripted code.
- TL213: an Optional field of a NamedTuple of the file read off a local or parameter (a field
  read is never refined).
- TL215: ``in`` of a display of enum members (no ``aten::__contains__`` list overload takes
  them; the generated ``contains_display_elements``).

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
    "import enum\nimport weakref\nfrom typing import Final, List, NamedTuple, Optional, Tuple\n\n"
    "import torch\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]\n"


def _model(body: str, init: str = "", extra: str = "", forward_args: str = "x") -> str:
    return (
        HEADER
        + extra
        + "\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.fc = nn.Linear(4, 4)\n"
        + "".join(f"        {line}\n" for line in init.splitlines())
        + f"\n    def forward(self, {forward_args}):\n"
        + "".join(f"        {line}\n" for line in body.splitlines())
        + INPUTS
    )


OUT = (
    "\n\nclass Out(NamedTuple):\n    logits: Tensor\n    aux: Optional[Tensor]\n\n\n"
    "def make(x: Tensor) -> Out:\n    aux: Optional[Tensor] = None\n"
    "    if x.shape[0] > 2:\n        aux = x * 2\n    return Out(x, aux)\n"
)
MODE = "\n\nclass Mode(enum.Enum):\n    A = 1\n    B = 2\n    C = 3\n"
HELPER = (
    "\n    def _reset(self, x: Tensor) -> Tensor:\n        del self.cache\n"
    "        self.cache = x.detach()\n        return x\n"
)

CASES = {
    # TL204: del of an attribute, in a method forward calls.
    "del_attribute_in_helper": (
        HEADER
        + "\n\nclass Model(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        + "        self.cache = torch.zeros(1)\n"
        + HELPER
        + "\n    def forward(self, x):\n        return self._reset(x) + 1\n"
        + INPUTS,
        "TL204",
        True,
    ),
    "del_local_and_dict_item": (
        _model('d = {"a": x, "b": x * 2}\ndel d["a"]\ny = d["b"]\nz = y + 1\ndel y\nreturn z'),
        "TL204",
        False,
    ),
    "annotated_attribute_in_forward": (
        _model("self.steps: int = self.steps + 1\nreturn self.fc(x)", init="self.steps = 0"),
        "TL204",
        True,
    ),
    "annotated_attribute_in_init": (
        _model("self.steps = self.steps + 1\nreturn self.fc(x)", init="self.steps: int = 0"),
        "TL204",
        False,
    ),
    "tuple_indexed_by_bool_parameter": (
        _model(
            "return self.fc(x) * (2.0, 3.0)[flip]",
            forward_args="x, flip: bool = True",
        ),
        "TL204",
        True,
    ),
    "tuple_indexed_by_comparison_local": (
        _model("wide = x.shape[0] > 2\nreturn self.fc(x) * (2.0, 3.0)[wide]"),
        "TL204",
        True,
    ),
    "tuple_indexed_by_int_of_bool": (
        _model(
            "wide = x.shape[0] > 2\nreturn self.fc(x) * (2.0, 3.0)[int(wide)] * [1.0, 2.0][wide]"
        ),
        "TL204",
        False,
    ),
    # TL206: autocast arguments TorchScript needs constant.
    "autocast_device_parameter": (
        _model(
            "with torch.autocast(device, enabled=False):\n    y = self.fc(x)\nreturn y",
            forward_args="x, device: str = 'cpu'",
        ),
        "TL206",
        True,
    ),
    "autocast_enabled_training": (
        _model("with torch.autocast('cpu', enabled=self.training):\n    y = self.fc(x)\nreturn y"),
        "TL206",
        True,
    ),
    "autocast_enabled_folded_and": (
        _model(
            "with torch.autocast('cpu', enabled=self.training and False):\n"
            "    y = self.fc(x)\nreturn y"
        ),
        "TL206",
        False,
    ),
    "autocast_enabled_from_input_local": (
        _model(
            "on = x.is_cuda\nwith torch.autocast(device_type='cpu', enabled=on):\n"
            "    y = self.fc(x)\nreturn y"
        ),
        "TL206",
        True,
    ),
    "autocast_literal_local": (
        _model(
            "device = 'cpu'\nwith torch.autocast(device_type=device, enabled=False):\n"
            "    y = self.fc(x)\nreturn y"
        ),
        "TL206",
        False,
    ),
    "autocast_cpu_amp_literal": (
        _model("with torch.cpu.amp.autocast(enabled=False):\n    y = self.fc(x)\nreturn y"),
        "TL206",
        False,
    ),
    # TL209: a submodule called through `__call__`.
    "dunder_call_of_modulelist_item": (
        _model(
            "return self.blocks[0].__call__(x)",
            init="self.blocks = nn.ModuleList([nn.Linear(4, 4)])",
        ),
        "TL209",
        True,
    ),
    "module_called_directly": (
        _model(
            "return self.blocks[0](self.fc(x))",
            init="self.blocks = nn.ModuleList([nn.Linear(4, 4)])",
        ),
        "TL209",
        False,
    ),
    # TL211: a slice of a shape returned as a tuple.
    "shape_slice_returned_as_tuple": (
        HEADER
        + "\n\ndef last_two(x: Tensor) -> Tuple[int, int]:\n    return x.shape[-2:]\n"
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        + "        a, b = last_two(x)\n        return x * a * b\n"
        + INPUTS,
        "TL211",
        True,
    ),
    "shape_slice_local_returned_as_tuple": (
        HEADER
        + "\n\ndef last_two(x: Tensor) -> Tuple[int, int]:\n    hw = x.size()[-2:]\n"
        + "    return hw\n"
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        + "        a, b = last_two(x)\n        return x * a * b\n"
        + INPUTS,
        "TL211",
        True,
    ),
    "shape_items_returned_as_tuple": (
        HEADER
        + "\n\ndef last_two(x: Tensor) -> Tuple[int, int]:\n    return x.shape[-2], x.shape[-1]\n"
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n"
        + "        a, b = last_two(x)\n        return x * a * b\n"
        + INPUTS,
        "TL211",
        False,
    ),
    # TL212: weak references held on the module.
    "weak_value_dictionary_read": (
        _model(
            "n = len(self.seen)\nreturn self.fc(x) * n",
            init="self.seen = weakref.WeakValueDictionary()",
        ),
        "TL212",
        True,
    ),
    "weakref_attribute_not_read": (
        _model("return self.fc(x)", init="self._owner = weakref.ref(self.fc)"),
        "TL212",
        False,
    ),
    # TL213: Optional NamedTuple fields.
    "namedtuple_field_of_parameter": (
        HEADER
        + OUT
        + "\n\ndef blend(out: Out) -> Tensor:\n    if out.aux is not None:\n"
        + "        return out.logits + out.aux.mean()\n    return out.logits\n"
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n        return blend(make(x))\n"
        + INPUTS,
        "TL213",
        True,
    ),
    "namedtuple_field_of_local": (
        HEADER
        + OUT
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n        out = make(x)\n"
        + "        if out.aux is not None:\n            return out.logits * out.aux\n"
        + "        return out.logits\n"
        + INPUTS,
        "TL213",
        True,
    ),
    "namedtuple_field_bound_to_local": (
        HEADER
        + OUT
        + "\n\nclass Model(nn.Module):\n    def forward(self, x):\n        out = make(x)\n"
        + "        aux = out.aux\n        if aux is not None:\n"
        + "            return out.logits * aux\n        return out.logits + 1\n"
        + INPUTS,
        "TL213",
        False,
    ),
    # TL215: `in` of enum members.
    "enum_not_in_list": (
        _model(
            "if self.mode not in [Mode.A, Mode.C]:\n    return self.fc(x)\nreturn x",
            init="self.mode = Mode.B",
            extra=MODE,
        ),
        "TL215",
        True,
    ),
    "enum_value_in_tuple": (
        _model(
            "if self.mode.value in (1, 3):\n    return self.fc(x)\nreturn x",
            init="self.mode = Mode.B",
            extra=MODE,
        ),
        "TL215",
        False,
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
