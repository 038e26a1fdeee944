"""Session 26 (helper-237): heldout37's script miss and fresh17's script misses, by mechanism,
in other spellings than the probe and the corpus used.

- TL213: a property whose getter returns an Optional (``-> Optional[T]``, ``-> T | None``,
  ``Union[T, None]``, a string annotation, or unannotated returning a class-body Optional
  attribute; on the class or a base of the file) used as a plain value: TorchScript compiles
  ``self.prop`` as a call of the getter and never refines the result, whatever test is around.
- TL210: arithmetic on an unannotated parameter as a ``range`` bound (``range(num_classes -
  1)``): the parameter is a Tensor to TorchScript, so is the bound.
- TL215 (and every rule that reads how the file builds a class): ``super(Block,
  self).__init__()`` names the class without building it, so a module attribute set from a
  constructor default (``self.p = p`` with ``p=0``) is still an int for TorchScript there.
- TL212: a module attribute holding an instance of a plain project class that inherits from
  another (``self.manifold = PoincareBall()`` with ``class PoincareBall(Manifold)``, also
  built through ``getattr(manifolds, name)()``): TorchScript converts no such object.
- TL204: a parameter TorchScript types Tensor unpacked by a statement that rebinds it
  (``input, sizes, a, b = input``); none where an ``isinstance(p, C)`` test folds the code
  away (``if not isinstance(packed, PackedSequence): return x``).

Every case is also scripted with torch: flagged ones must fail, clean ones must script and
match eager (``tests/oracle.py``).
"""

from __future__ import annotations

import textwrap

import pytest

from .conftest import requires_torch
from .lint_helpers import findings

HEADER = (
    "from typing import List, Optional, Tuple, Union\n\n"
    "import torch\nimport torch.nn.functional as F\nfrom torch import Tensor, nn\n"
)
INPUTS = "\n\ndef inputs():\n    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]\n"


def _model(body: str, forward: str, bases: str = "nn.Module", before: str = "") -> str:
    body = textwrap.indent(textwrap.dedent(body).strip("\n"), " " * 4)
    forward = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    return (
        HEADER
        + textwrap.dedent(before)
        + f"\n\nclass Model({bases}):\n"
        + body
        + "\n\n    def forward(self, x: Tensor) -> Tensor:\n"
        + forward
        + "\n"
        + INPUTS
    )


INIT_TENSOR = """
def __init__(self):
    super().__init__()
    self._shift = torch.linspace(-1.0, 1.0, 8)
"""

MIXIN_UNION_FLOAT = _model(
    """
    def __init__(self):
        super().__init__()
        self.t = 2.0
        self.fc = nn.Linear(8, 8)
    """,
    """
    logits = self.fc(x)
    if self.temperature is not None:
        logits = logits / self.temperature
    return logits
    """,
    bases="TemperatureMixin, nn.Module",
    before=(
        "\n\nclass TemperatureMixin:\n    @property\n"
        "    def temperature(self) -> Union[float, None]:\n"
        "        return self.t if self.t > 0 else None\n"
    ),
)
PEP604_METHOD = _model(
    INIT_TENSOR
    + """
@property
def shift(self) -> Tensor | None:
    return self._shift
""",
    """
    if self.shift is None:
        return x
    return x - self.shift.mean()
    """,
)
STRING_BASE_PROPERTY = _model(
    """
    def forward_bias(self, x: Tensor) -> Tensor:
        if self.bias is not None:
            return x + self.bias.expand_as(x)
        return x
    """,
    "return self.forward_bias(x)",
    bases="Base",
    before=(
        "\n\nclass Base(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
        "        self._bias = torch.ones(8)\n\n    @property\n"
        '    def bias(self) -> "Optional[Tensor]":\n        return self._bias\n'
    ),
)
UNANNOTATED_TO_SUBMODULE = _model(
    """
    memory: Optional[Tensor]

    def __init__(self):
        super().__init__()
        self.memory = torch.randn(2, 8)
        self.read = nn.Linear(8, 8)

    @property
    def cached(self):
        return self.memory
    """,
    """
    assert self.cached is not None
    return x + self.read(self.cached).mean(0)
    """,
)
LIST_ITERATED = _model(
    """
    def __init__(self):
        super().__init__()
        self._offsets = [torch.ones(8), torch.full((8,), 2.0)]

    @property
    def offsets(self) -> Optional[List[Tensor]]:
        return self._offsets
    """,
    """
    if self.offsets is not None:
        for offset in self.offsets:
            x = x + offset
    return x
    """,
)

LOCAL_BOUND = _model(
    INIT_TENSOR
    + """
@property
def shift(self) -> Optional[Tensor]:
    return self._shift
""",
    """
    shift = self.shift
    if shift is not None:
        x = x - shift.mean()
    return x
    """,
)
OPTIONAL_ARGUMENT = _model(
    INIT_TENSOR
    + """
@property
def shift(self) -> Optional[Tensor]:
    return self._shift
""",
    "return F.layer_norm(x, [8], None, self.shift)",
)
SLICE_BOUND = _model(
    """
    def __init__(self):
        super().__init__()
        self.keep_n = 5

    @property
    def keep(self) -> Optional[int]:
        return self.keep_n if self.keep_n > 0 else None
    """,
    "return x[:, : self.keep] * 2.0",
)
PLAIN_PROPERTY = _model(
    INIT_TENSOR
    + """
@property
def shift(self) -> Tensor:
    return self._shift
""",
    "return x - self.shift.mean()",
)


def _module(forward: str, signature: str, inputs: str, before: str = "") -> str:
    forward = textwrap.indent(textwrap.dedent(forward).strip("\n"), " " * 8)
    return (
        HEADER
        + "from torch.nn.utils.rnn import PackedSequence\n"
        + textwrap.dedent(before)
        + f"\n\nclass Model(nn.Module):\n    def forward({signature}):\n"
        + forward
        + f"\n\n\ndef inputs():\n    return {inputs}\n"
    )


PAIR_INPUTS = "[(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(3, 8), torch.randn(2, 8))]"
RANGE_HELPER = _module(
    "return accumulate(x, 3)",
    "self, x: Tensor",
    "[(torch.randn(2, 8),), (torch.randn(3, 8),)]",
    before=(
        "\n\ndef accumulate(x, steps):\n    out = x\n"
        "    for i in range(2 * (steps + 1)):\n        out = out + i\n    return out\n"
    ),
)
RANGE_NEGATED = _module(
    "return [x * float(i) for i in range(-n, 0)][0]",
    "self, x: Tensor, n",
    "[(torch.randn(2, 8), 2), (torch.randn(3, 8), 3)]",
)
RANGE_ANNOTATED = _module(
    "out = x\nfor i in range(steps - 1):\n    out = out + i\nreturn out",
    "self, x: Tensor, steps: int = 3",
    "[(torch.randn(2, 8),), (torch.randn(3, 8),)]",
)
RANGE_OF_LENGTH = _module(
    "out = x\nfor i in range(len(rows) - 1):\n    out = out + rows[i]\nreturn out",
    "self, x: Tensor, rows",
    PAIR_INPUTS,
)
UNPACK_OVER_ITSELF = _module(
    "state, scale = state\nreturn x * scale + state",
    "self, x, state",
    PAIR_INPUTS,
)
UNPACK_OVER_ITSELF_ANNOTATED = _module(
    "gate, state = state\nreturn x * gate.sigmoid() + state",
    "self, x: Tensor, state: torch.Tensor",
    PAIR_INPUTS,
)
UNPACK_AFTER_ISINSTANCE_EXIT = _module(
    "if not isinstance(packed, PackedSequence):\n    return x\ndata, sizes, a, b = packed\n"
    "return data",
    "self, x, packed",
    PAIR_INPUTS,
)
UNPACK_TUPLE_ANNOTATED = _module(
    "state, scale = state\nreturn x * scale + state",
    "self, x: Tensor, state: Tuple[Tensor, Tensor]",
    "[(torch.randn(2, 8), (torch.randn(2, 8), torch.randn(2, 8)))] * 2",
)


def _classic_super(default: str, call: str) -> str:
    return (
        HEADER
        + "\n\nclass Block(nn.Module):\n"
        + f"    def __init__(self, dim=8, p={default}):\n"
        + "        super(Block, self).__init__()\n"
        + "        self.p = p\n        self.fc = nn.Linear(dim, dim)\n\n"
        + "    def forward(self, x: Tensor) -> Tensor:\n"
        + f"        return self.fc({call})\n\n\nModel = Block\n"
        + INPUTS
    )


SUPER_DROPOUT_INT = _classic_super("0", "F.dropout(x, self.p, training=self.training)")
SUPER_LEAKY_INT = _classic_super("0", "F.leaky_relu(x, negative_slope=self.p)")
SUPER_DROPOUT_FLOAT = _classic_super("0.0", "F.dropout(x, self.p, training=self.training)")

PLAIN_CLASSES = """

class Geometry(object):
    def __init__(self):
        self.eps = 1e-5

    def project(self, x: Tensor) -> Tensor:
        return x


class Sphere(Geometry):
    def __init__(self):
        super(Sphere, self).__init__()
        self.radius = 2.0

    def project(self, x: Tensor) -> Tensor:
        return x / (x.norm(dim=-1, keepdim=True) + self.eps) * self.radius


class Flat(object):
    def __init__(self):
        self.radius = 2.0

    def project(self, x: Tensor) -> Tensor:
        return x * self.radius
"""
INHERITED_PLAIN_READ = _model(
    "def __init__(self):\n    super().__init__()\n    self.geometry = Sphere()",
    "return self.geometry.project(x)",
    before=PLAIN_CLASSES,
)
BASELESS_PLAIN_READ = _model(
    "def __init__(self):\n    super().__init__()\n    self.geometry = Flat()",
    "return self.geometry.project(x)",
    before=PLAIN_CLASSES,
)
INHERITED_PLAIN_UNREAD = _model(
    "def __init__(self):\n    super().__init__()\n    self.geometry = Sphere()",
    "return x * 2.0",
    before=PLAIN_CLASSES,
)

CASES = {
    # id: (source, code, flagged)
    "plain-class-inheriting-read": (INHERITED_PLAIN_READ, "TL212", True),
    "plain-class-object-base-read": (BASELESS_PLAIN_READ, "TL212", False),
    "plain-class-inheriting-never-read": (INHERITED_PLAIN_UNREAD, "TL212", False),
    "classic-super-dropout-int-default": (SUPER_DROPOUT_INT, "TL215", True),
    "classic-super-leaky-relu-int-default": (SUPER_LEAKY_INT, "TL215", True),
    "classic-super-dropout-float-default": (SUPER_DROPOUT_FLOAT, "TL215", False),
    "range-doubled-sum-of-parameter": (RANGE_HELPER, "TL210", True),
    "range-negated-parameter": (RANGE_NEGATED, "TL210", True),
    "range-annotated-int": (RANGE_ANNOTATED, "TL210", False),
    "range-length-minus-one": (RANGE_OF_LENGTH, "TL210", False),
    "unpack-rebinds-the-parameter": (UNPACK_OVER_ITSELF, "TL204", True),
    "unpack-rebinds-the-annotated-tensor": (UNPACK_OVER_ITSELF_ANNOTATED, "TL204", True),
    "unpack-after-isinstance-exit": (UNPACK_AFTER_ISINSTANCE_EXIT, "TL204", False),
    "unpack-tuple-annotated": (UNPACK_TUPLE_ANNOTATED, "TL204", False),
    "property-mixin-union-float-division": (MIXIN_UNION_FLOAT, "TL213", True),
    "property-pep604-method-after-early-return": (PEP604_METHOD, "TL213", True),
    "property-string-annotation-of-base": (STRING_BASE_PROPERTY, "TL213", True),
    "property-unannotated-to-submodule": (UNANNOTATED_TO_SUBMODULE, "TL213", True),
    "property-list-iterated": (LIST_ITERATED, "TL213", True),
    "property-bound-to-local": (LOCAL_BOUND, "TL213", False),
    "property-given-to-optional-argument": (OPTIONAL_ARGUMENT, "TL213", False),
    "property-slice-bound": (SLICE_BOUND, "TL213", False),
    "property-plain-tensor": (PLAIN_PROPERTY, "TL213", False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_lint(case: str) -> None:
    source, code, flagged = CASES[case]
    found = findings(source, code, "script")
    assert bool(found) == flagged, [d.message for d in found]


@requires_torch
@pytest.mark.parametrize("case", sorted(CASES))
def test_torch_agrees(case: str) -> None:
    from .oracle import check

    source, _code, flagged = CASES[case]
    verdict = check(source, "script")
    assert verdict.ok == (not flagged), verdict.detail


def test_property_message_names_the_getter_and_is_not_the_attribute_fix() -> None:
    """The safe fixer of class-body Optional attributes keys on its own message; a property's
    getter may compute a new value per read, so its finding says something else."""
    (found,) = findings(PEP604_METHOD, "TL213", "script")
    assert found.message.startswith("`self.shift` is a property returning `Tensor | None`")
    assert "annotated Optional in the class body" not in found.message


GEOMETRY_PACKAGE = {
    "geo/__init__.py": "",
    "geo/shapes.py": "import torch\nfrom torch import Tensor\n" + PLAIN_CLASSES,
    "geo/layers.py": """
        import torch
        from torch import Tensor, nn

        from geo import shapes


        class Project(nn.Module):
            def __init__(self, geometry: str = "Sphere"):
                super().__init__()
                self.geometry = getattr(shapes, geometry)()

            def forward(self, x: Tensor) -> Tensor:
                return self.geometry.project(x)


        class ProjectFlat(nn.Module):
            def __init__(self):
                super().__init__()
                self.geometry = getattr(shapes, "Flat")()

            def forward(self, x: Tensor) -> Tensor:
                return self.geometry.project(x)
        """,
}


def test_class_picked_by_name_from_a_project_module(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from .lint_helpers import project_findings

    found = project_findings(tmp_path, GEOMETRY_PACKAGE, "TL212", "script")
    lines = [line for name, line in found if name == "layers.py"]
    # `Project` reads an inheriting `Sphere` (line 13); `ProjectFlat` a base-less `Flat`.
    assert lines == [13], found


@requires_torch
def test_class_picked_by_name_fails_to_script(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import sys

    import torch

    from .lint_helpers import project_findings

    project_findings(tmp_path, GEOMETRY_PACKAGE, "TL212", "script")  # writes the files
    sys.path.insert(0, str(tmp_path))
    try:
        from geo import layers  # type: ignore[import-not-found]

        with pytest.raises(RuntimeError, match="failed to convert Python type"):
            torch.jit.script(layers.Project())
        scripted = torch.jit.script(layers.ProjectFlat())
        x = torch.randn(2, 3)
        assert torch.equal(scripted(x), layers.ProjectFlat()(x))
    finally:
        sys.path.remove(str(tmp_path))
        for name in [m for m in sys.modules if m == "geo" or m.startswith("geo.")]:
            del sys.modules[name]
