"""Graph regions: which functions a back-end compiles, reached from which root."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from torchlint.lint.run import lint_files

from .semantic_helpers import index_project, regions_by_local_name, targets_at_lines, write_project

DEFAULT = frozenset({"trace", "compile", "export"})


def test_forward_of_subclass_of_project_base_in_another_file(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/base.py": """
                import torch.nn as tnn

                class Base(tnn.Module):
                    def shared(self, x):
                        return x * 2
            """,
            "proj/layers.py": """
                from proj.base import Base

                class Middle(Base):
                    pass
            """,
            "proj/model.py": """
                from .layers import Middle

                class Net(Middle):
                    def forward(self, x):
                        return self.shared(x)

                class NotAModule:
                    def forward(self, x):
                        return x
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["proj.model.Net.forward"] == DEFAULT
    # reached through self.shared, defined on the base class in another file
    assert regions["proj.base.Base.shared"] == DEFAULT
    assert "proj.model.NotAModule.forward" not in regions


def test_module_spellings_and_aliases(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "spellings.py": """
                import torch
                import torch.nn
                from torch import nn
                from torch.nn import Module as M
                import torch.nn as tnn

                class A(torch.nn.Module):
                    def forward(self, x): return x
                class B(nn.Module):
                    def forward(self, x): return x
                class C(M):
                    def forward(self, x): return x
                class D(tnn.Module):
                    def forward(self, x): return x
                class E(nn.Linear):
                    def forward(self, x): return x
                class F(object):
                    def forward(self, x): return x
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    for name in "ABCDE":
        assert regions[f"spellings.{name}.forward"] == DEFAULT, name
    assert "spellings.F.forward" not in regions


def test_decorators_with_and_without_arguments(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "decorated.py": """
                import torch
                from torch import compile as tc

                @torch.compile
                def plain(x):
                    return helper(x)

                @torch.compile(mode="reduce-overhead", fullgraph=True)
                def with_args(x):
                    return x

                @tc(dynamic=True)
                def aliased(x):
                    return x

                @torch.jit.script
                def scripted(x):
                    return x

                def helper(x):
                    return x + 1

                def untouched(x):
                    return x
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["decorated.plain"] == {"compile"}
    assert regions["decorated.with_args"] == {"compile"}
    assert regions["decorated.aliased"] == {"compile"}
    assert regions["decorated.scripted"] == {"script"}
    assert regions["decorated.helper"] == {"compile"}
    assert "decorated.untouched" not in regions


def test_callables_passed_to_backends_are_roots(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "roots.py": """
                import torch
                from torch import nn

                def fn(x):
                    return x.sin()

                def traced_fn(x):
                    return x.cos()

                class Net(nn.Module):
                    def forward(self, x):
                        return x

                def main():
                    compiled = torch.compile(fn)
                    model = Net()
                    scripted = torch.jit.script(model)
                    torch.jit.trace(traced_fn, (torch.ones(1),))
                    torch.export.export(Net(), (torch.ones(1),))
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["roots.fn"] == {"compile"}
    assert regions["roots.traced_fn"] == {"trace"}
    assert regions["roots.Net.forward"] == DEFAULT | {"script"}
    assert "roots.main" not in regions


def test_reach_through_helpers_in_other_modules(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/ops.py": """
                def rms(x):
                    return _inner(x)

                def _inner(x):
                    return x

                def unused(x):
                    return x
            """,
            "pkg/model.py": """
                import torch
                from torch import nn
                from pkg import ops
                from pkg.ops import rms as rms_norm

                class Net(nn.Module):
                    def forward(self, x):
                        x = ops.rms(x)
                        return rms_norm(x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["pkg.ops.rms"] == DEFAULT
    assert regions["pkg.ops._inner"] == DEFAULT
    assert "pkg.ops.unused" not in regions


def test_submodule_calls_reach_their_forward_and_methods(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "sub.py": """
                import torch
                from torch import nn

                class Attention(nn.Module):
                    def split_heads(self, x):
                        return x

                    def forward(self, x):
                        return x

                class Block(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.attn = Attention()
                        self.layers = nn.ModuleList([Attention() for _ in range(2)])

                    def forward(self, x):
                        x = self.attn.split_heads(x)
                        for layer in self.layers:
                            x = layer(x)
                        return self.attn(x)

                model = torch.jit.script(Block())
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["sub.Attention.split_heads"] >= DEFAULT
    # scripting Block scripts its submodules too
    assert "script" in regions["sub.Attention.forward"]
    assert "script" in regions["sub.Block.forward"]


def test_property_read_in_forward_reaches_its_getter(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "head.py": """
                import torch
                from torch import nn

                class Head(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.log_scale = nn.Parameter(torch.zeros(()))

                    @property
                    def scale(self):
                        return self.log_scale.exp()

                    @property
                    def unused(self):
                        return 1

                    def forward(self, x):
                        return x * self.scale
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["head.Head.scale"] >= DEFAULT
    assert "head.Head.unused" not in regions


def test_a_property_of_an_object_held_on_self_is_reached_when_read(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "vae.py": """
                from torch import nn

                class Annealer:
                    def __init__(self):
                        self.step = 0

                    def tick(self):
                        self.step += 1

                    @property
                    def weight(self):
                        return min(1.0, self.step / 4)

                    @property
                    def unused(self):
                        return 1

                    def helper(self):
                        return 2

                class Model(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.annealer = Annealer()

                    def forward(self, x):
                        self.annealer.tick()
                        callback = self.annealer.helper
                        return x * self.annealer.weight
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["vae.Annealer.weight"] >= DEFAULT
    assert regions["vae.Annealer.tick"] >= DEFAULT
    # Neither an unread property nor a method only referenced (not a property) is reached.
    assert "vae.Annealer.unused" not in regions
    assert "vae.Annealer.helper" not in regions


def test_a_project_decorators_wrapper_runs_around_the_forward(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "blocks.py": """
                import functools
                import time

                from torch import nn

                def timed(name):
                    def deco(forward):
                        @functools.wraps(forward)
                        def wrapper(self, *args):
                            start = time.perf_counter()
                            return forward(self, *args)
                        return wrapper
                    return deco

                def unused_decorator(f):
                    def inner(*args):
                        return f(*args)
                    return inner

                class Block(nn.Module):
                    @timed("block")
                    def forward(self, x):
                        return x
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["blocks.timed.<locals>.deco.<locals>.wrapper"] >= DEFAULT
    assert "blocks.unused_decorator.<locals>.inner" not in regions


def test_exit_decorators_remove_their_backends(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "exits.py": """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        self.log(x)
                        self.debug(x)
                        return x

                    @torch.jit.ignore
                    def log(self, x):
                        print(x)

                    @torch.compiler.disable
                    def debug(self, x):
                        print(x)
            """
        },
    )
    regions = regions_by_local_name(index_project(paths, script_all_modules=True))
    assert regions["exits.Net.forward"] == DEFAULT | {"script"}
    assert regions["exits.Net.log"] == DEFAULT
    assert regions["exits.Net.debug"] == {"trace", "script"}


def test_guards_narrow_targets_inside_branches(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "guards.py": """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        if not torch.compiler.is_compiling():
                            print("eager or trace")
                        if torch.jit.is_scripting():
                            print("script only")
                        else:
                            print("not script")
                        if torch.jit.is_tracing():
                            print("trace only")
                        if torch.compiler.is_dynamo_compiling():
                            print("dynamo only")
                        print("everywhere")
                        if torch.jit.is_scripting():
                            return x
                        print("after early return")
                        return x
            """
        },
    )
    index = index_project(paths, script_all_modules=True)
    at = targets_at_lines(paths["guards.py"], index)
    everything = DEFAULT | {"script"}
    assert at[6] == everything  # the guard's own test runs everywhere
    assert at[7] == {"trace", "script"}
    assert at[9] == {"script"}
    assert at[11] == {"trace", "compile", "export"}
    # TorchScript compiles both branches of any test but `is_scripting()`
    assert at[13] == {"trace", "script"}
    assert at[15] == {"compile", "script"}
    assert at[16] == everything
    assert at[19] == DEFAULT


def test_training_loop_is_not_graph_code(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "train.py": """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        return x

                def train(model, loader, opt):
                    for x, y in loader:
                        loss = model(x).sum()
                        print(loss.item())
                        loss.backward()
                        opt.step()
            """
        },
    )
    index = index_project(paths)
    at = targets_at_lines(paths["train.py"], index)
    assert at[11] == frozenset()
    assert "train.train" not in regions_by_local_name(index)


def test_nested_function_in_forward_inherits_region(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "nested.py": """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        def inner(y):
                            return print(y)
                        return inner(x)
            """
        },
    )
    at = targets_at_lines(paths["nested.py"], index_project(paths))
    assert at[7] == DEFAULT
    assert at[8] == DEFAULT


def test_lazy_loading_of_imported_project_modules(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "lib/__init__.py": "from .base import Base\n",
            "lib/base.py": """
                from torch import nn

                class Base(nn.Module):
                    pass
            """,
            "app.py": """
                from lib import Base

                class Net(Base):
                    def forward(self, x):
                        return x
            """,
        },
    )
    # Only app.py is given; lib/ is read from disk through the re-export in lib/__init__.py.
    index = index_project({"app.py": paths["app.py"]})
    assert regions_by_local_name(index)["app.Net.forward"] == DEFAULT


def test_callables_from_registries_and_aliases_are_reached(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "hub/__init__.py": "",
            "hub/attention.py": """
                def eager_attention(module, q, k):
                    return q @ k

                def sdpa_attention(module, q, k):
                    return q * k

                def unused(q):
                    return q

                class AttentionInterface:
                    _global_mapping = {"eager": eager_attention, "sdpa": sdpa_attention}

                ALL_ATTENTION = AttentionInterface()
                MASKS = {"causal": unused}

                def flex_attention(module, q, k):
                    return q - k

                class OtherInterface:
                    _global_mapping = {"flex": flex_attention}

                OTHER_ATTENTION = OtherInterface()
            """,
            "hub/model.py": """
                from torch import nn
                from hub.attention import ALL_ATTENTION, OTHER_ATTENTION, eager_attention

                class Attention(nn.Module):
                    def forward(self, q, k):
                        interface = eager_attention
                        if self.kind != "eager":
                            interface = ALL_ATTENTION[self.kind]
                        return interface(self, q, k)

                class Lookup(nn.Module):
                    def forward(self, q, k):
                        interface = OTHER_ATTENTION.get_interface(self.kind, eager_attention)
                        return interface(self, q, k)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["hub.attention.eager_attention"] == DEFAULT
    assert regions["hub.attention.sdpa_attention"] == DEFAULT
    assert regions["hub.attention.flex_attention"] == DEFAULT  # REGISTRY.get_interface(...)
    assert "hub.attention.unused" not in regions


def test_registry_instance_used_in_its_own_module_is_reached(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "masks.py": """
                def sdpa_mask(q_len):
                    return q_len

                class MaskInterface:
                    _global_mapping = {"sdpa": sdpa_mask}

                ALL_MASKS: MaskInterface = MaskInterface()

                def create_mask(kind, q_len):
                    mask_fn = ALL_MASKS[kind]
                    return mask_fn(q_len)
            """,
            "model.py": """
                from torch import nn
                from masks import create_mask

                class Net(nn.Module):
                    def forward(self, x):
                        return x + create_mask("sdpa", x.shape[1])
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["masks.sdpa_mask"] == DEFAULT


def test_entry_of_a_registry_stored_on_self_is_reached(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "calib.py": """
                def absmax(x):
                    return x.abs().max()

                def percentile(x):
                    return x.abs().quantile(0.99)

                def unused(x):
                    return x

                CALIBRATORS = {"absmax": absmax, "percentile": percentile}
            """,
            "model.py": """
                from torch import nn
                from calib import CALIBRATORS

                class Quantizer(nn.Module):
                    def __init__(self, method="percentile"):
                        super().__init__()
                        self.calib = CALIBRATORS[method]

                    def forward(self, x):
                        return x / self.calib(x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["calib.absmax"] == DEFAULT
    assert regions["calib.percentile"] == DEFAULT
    assert "calib.unused" not in regions


def test_registry_filled_by_a_decorator_is_reached_and_the_decorator_is_not(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "model.py": """
                from torch import nn

                READOUTS = {}

                def register_readout(name):
                    def wrap(fn):
                        READOUTS[name] = fn
                        return fn
                    return wrap

                @register_readout("mean")
                def mean_pool(x):
                    return x.mean(0)

                @register_readout("sum")
                def sum_pool(x):
                    return x.sum(0)

                def unused(x):
                    return x

                class Net(nn.Module):
                    def __init__(self, readout="mean"):
                        super().__init__()
                        self.readout = READOUTS[readout]

                    def forward(self, x):
                        return self.readout(x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["model.mean_pool"] == DEFAULT
    assert regions["model.sum_pool"] == DEFAULT
    assert "model.unused" not in regions
    # Registering runs at import time: the decorator's inner function is no wrapper.
    assert "model.register_readout.<locals>.wrap" not in regions


def test_call_of_a_plain_object_held_on_self_runs_its_dunder_call(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "model.py": """
                from torch import nn

                class GreedyDecoder:
                    def __call__(self, log_probs):
                        return log_probs.argmax(-1).tolist()

                    def unused(self):
                        return 0

                class Net(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.decoder = GreedyDecoder()

                    def forward(self, x):
                        return self.decoder(x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["model.GreedyDecoder.__call__"] == DEFAULT
    assert "model.GreedyDecoder.unused" not in regions


def test_project_wrappers_of_guard_calls_are_guards(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "utils.py": """
                import torch

                def is_torchdynamo_compiling() -> bool:
                    try:
                        import torch
                        return torch.compiler.is_compiling()
                    except Exception:
                        return False

                def is_tracing(tensor=None) -> bool:
                    tracing = is_torchdynamo_compiling() or torch.jit.is_tracing()
                    if tensor is not None:
                        tracing |= isinstance(tensor, torch.fx.Proxy)
                    return tracing

                def is_big(x) -> bool:
                    return x.numel() > 10
            """,
            "guards.py": """
                from torch import nn
                from utils import is_big, is_tracing

                class Net(nn.Module):
                    def forward(self, x, mask=None):
                        if not is_tracing(x):
                            print("eager only")
                        if mask is not None and is_tracing(mask):
                            return x
                        print("either")
                        if is_big(x):
                            return x
                        print("everywhere")
                        if is_tracing():
                            return x
                        print("eager only again")
                        return x
            """,
        },
    )
    index = index_project(paths)
    at = targets_at_lines(paths["guards.py"], index)
    # is_tracing is true under compile and export (is_compiling) and trace: no back-end left
    assert at[7] == frozenset()
    # `mask is not None and ...` may be false: the rest still runs under every back-end
    assert at[10] == DEFAULT
    assert at[13] == DEFAULT  # is_big is no guard
    assert at[16] == frozenset()


def test_functions_stored_on_self_are_reached(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "attn.py": """
                from functools import partial
                from torch import nn

                def linear_attn(q, k):
                    return q @ k

                def causal_attn(q, k, bucket=64):
                    return q * k

                class Attention(nn.Module):
                    def __init__(self, causal: bool):
                        super().__init__()
                        self.attn_fn = linear_attn if not causal else partial(causal_attn, bucket=8)

                    def forward(self, q, k):
                        return self.attn_fn(q, k)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["attn.linear_attn"] == DEFAULT
    assert regions["attn.causal_attn"] == DEFAULT


def test_torch_source_beside_the_project_is_never_read_lazily(tmp_path):
    # Linting a package installed in site-packages puts torch's own source within reach;
    # its APIs are known by name, and reading torch._dynamo for every run cost seconds.
    paths = write_project(
        tmp_path,
        {
            "torch/__init__.py": "from torch.helpers import double\n",
            "torch/helpers.py": "def double(x):\n    return x * 2\n",
            "proj/__init__.py": "",
            "proj/model.py": """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        return torch.double(x)
            """,
        },
    )
    given = {name: path for name, path in paths.items() if name.startswith("proj/")}
    index = index_project(given)
    assert index.get_module("torch.helpers") is None
    assert index.get_module("proj.model") is not None
    # given to the run (linting torch itself), it is project code like any other
    index.add_source(str(paths["torch/helpers.py"]), paths["torch/helpers.py"].read_text())
    assert index.get_module("torch.helpers") is not None


def test_a_kept_lookup_still_records_the_modules_it_consulted(tmp_path):
    # Lookups are kept for the run; the cache must still learn that the second file asking
    # depends on the modules the answer came from (a re-export and its target).
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "from proj.layers import Block\n",
            "proj/layers.py": "class Block:\n    pass\n",
        },
    )
    index = index_project(paths)
    consulted = []
    for _ in range(2):
        index.accessed = set()
        found = index.lookup("proj.Block")
        assert found is not None and found[0] == "class" and found[2] == "Block"
        consulted.append(index.accessed)
    index.accessed = None
    assert consulted[0] == consulted[1]
    assert {"proj", "proj.layers"} <= consulted[1]


def test_kept_answers_still_record_the_modules_they_came_from(tmp_path):
    # A file's cached result depends on the modules its answers came from, also when another
    # file asked first and the index kept the answer (is Net an nn.Module? through pkg.base).
    paths = write_project(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/base.py": "from torch import nn\n\nclass Base(nn.Module):\n    pass\n",
            "pkg/model.py": "from pkg.base import Base\n\nclass Net(Base):\n    pass\n",
        },
    )
    index = index_project(paths)
    assert index.is_module_class("pkg.model.Net")  # answered while nothing records
    assert [name for name, _, _ in index.mro("pkg.model.Net")] == ["pkg.model.Net", "pkg.base.Base"]
    for ask in (index.is_module_class, index.mro):
        index.accessed = set()
        assert ask("pkg.model.Net")
        assert "pkg.base" in index.accessed, ask.__name__
    index.accessed = None


def test_data_pipeline_modules_are_graph_code_only_when_a_model_reaches_them(tmp_path):
    augment = """
        import torch
        from torch import nn

        class RandomFlip(nn.Module):
            def forward(self, img):
                return img.flip(-1)

        class Jitter(nn.Module):
            def forward(self, img):
                return img + 0.1
    """
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/data/__init__.py": "",
            "proj/data/augment.py": augment,
            "proj/models.py": """
                import torch
                from torch import nn
                from proj.data.augment import RandomFlip, Jitter

                class Net(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.flip = RandomFlip()

                    def forward(self, x):
                        return self.flip(x)

                compiled = torch.compile(Jitter())
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    # Reached from a model's forward, and handed to torch.compile: graph code.
    assert regions["proj.data.augment.RandomFlip.forward"] == DEFAULT
    assert "compile" in regions["proj.data.augment.Jitter.forward"]
    # Not reached: a transform in a data pipeline is not a root by itself.
    paths = write_project(
        tmp_path / "alone",
        {"proj/__init__.py": "", "proj/data/__init__.py": "", "proj/data/augment.py": augment},
    )
    assert regions_by_local_name(index_project(paths)) == {}


def test_an_inherited_method_calls_the_override_of_the_class_compiled(tmp_path):
    # normflows: `_Linear.forward` calls `self.forward_no_cache(x)`, which `_LULinear`
    # overrides; `Coupling.forward` calls the `_coupling_transform_forward` of its subclass.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/base.py": """
                from torch import nn

                class Linear(nn.Module):
                    def forward(self, x):
                        return self.forward_no_cache(x)

                    def forward_no_cache(self, x):
                        raise NotImplementedError()

                    def helper(self, x):
                        return x
            """,
            "proj/lu.py": """
                from proj.base import Linear

                class LULinear(Linear):
                    def forward_no_cache(self, x):
                        return self.weight_of(x) + self.helper(x)

                    def weight_of(self, x):
                        return x * 2

                class Wrapped(Linear):
                    def forward(self, x):
                        return super().forward(x) + 1

                    def forward_no_cache(self, x):
                        return self.unused_elsewhere(x)

                    def unused_elsewhere(self, x):
                        return x

                class NotAModule:
                    def forward_no_cache(self, x):
                        return x
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["proj.base.Linear.forward"] == DEFAULT
    # The override of the subclass with no forward of its own, and what it calls.
    assert regions["proj.lu.LULinear.forward_no_cache"] == DEFAULT
    assert regions["proj.lu.LULinear.weight_of"] == DEFAULT
    assert regions["proj.base.Linear.helper"] == DEFAULT
    # super().forward() of a subclass calls that subclass's override too.
    assert regions["proj.lu.Wrapped.unused_elsewhere"] == DEFAULT
    assert "proj.lu.NotAModule.forward_no_cache" not in regions
    scripted = regions_by_local_name(index_project(paths, script_all_modules=True))
    assert scripted["proj.lu.LULinear.weight_of"] == DEFAULT | {"script"}


def test_an_override_takes_the_kinds_its_base_method_passes(tmp_path):
    # The arguments of `self.transform(x)` in the inherited forward reach the override's
    # parameters: `y` is a tensor, so `y[y > 0]` is a data-dependent shape for compile.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/base.py": """
                from torch import nn

                class Coupling(nn.Module):
                    def forward(self, x):
                        split = x[:, :2]
                        return self.transform(split)

                    def transform(self, x):
                        raise NotImplementedError()
            """,
            "proj/spline.py": """
                from proj.base import Coupling

                class Spline(Coupling):
                    def transform(self, y):
                        return y[y > 0].sum()
            """,
        },
    )
    found = lint_files([str(paths["proj/base.py"]), str(paths["proj/spline.py"])])
    codes = {(Path(r.path).name, d.line, d.code) for r in found for d in r.diagnostics}
    assert ("spline.py", 5, "TL107") in codes


@pytest.mark.parametrize(
    ("mid", "flagged"),
    [
        ("return c.masked(y)", True),
        # Rebound: the list it passes is joined in, and `t` is no longer surely a tensor.
        ("y = y.tolist()\n    return c.masked(y)", False),
    ],
)
def test_a_caller_modelled_without_its_callers_passes_no_kind(tmp_path, mid, flagged):
    # `mid(y)` is modelled on demand, one file deep: nothing tells it what `y` is. Passing `y`
    # on tells `masked` nothing, so the tensor `Other.forward` passes it stands (before, the
    # join with that unknown made `t` unknown and TL107 was lost when c.py was linted alone).
    # Only a parameter nothing informs and nothing rebinds passes nothing.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "from . import a, b, c\n",
            "proj/a.py": """
                from torch import nn
                from proj import b

                class Net(nn.Module):
                    def forward(self, x):
                        return b.mid(x)
            """,
            "proj/b.py": f"from proj import c\n\ndef mid(y):\n    {mid}\n",
            "proj/c.py": """
                from torch import nn

                def masked(t):
                    return t[t > 0].sum()

                class Other(nn.Module):
                    def forward(self, x):
                        return masked(x)
            """,
        },
    )
    for given in (
        ["proj/c.py"],
        ["proj/a.py", "proj/c.py"],
        ["proj/a.py", "proj/b.py", "proj/c.py"],
    ):
        found = lint_files([str(paths[name]) for name in given])
        codes = {(Path(r.path).name, d.line, d.code) for r in found for d in r.diagnostics}
        assert (("c.py", 4, "TL107") in codes) == flagged, given


def test_a_plain_class_in_a_scripted_signature_is_compiled_for_script(tmp_path):
    # pytorch-tcn: `forward(self, x, buffer: Optional[BufferIO] = None)`; TorchScript compiles
    # BufferIO as a TorchScript class, every method of it. Trace, compile and export run only
    # what is called: nothing here for them.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/buffer.py": """
                from typing import NamedTuple

                class BufferIO:
                    def __init__(self, n: int):
                        self.n = n

                    def step(self, x):
                        return x

                class Legacy(object):
                    def reset(self):
                        pass

                class Pair(NamedTuple):
                    a: int
                    b: int

                    def total(self):
                        return self.a + self.b
            """,
            "proj/model.py": """
                from typing import Optional
                from torch import nn
                from proj.buffer import BufferIO, Legacy, Pair

                class Net(nn.Module):
                    def forward(self, x, buffer: Optional[BufferIO] = None, p: "Pair" = None):
                        return x

                    def other(self, legacy: "Optional[Legacy]"):
                        return legacy
            """,
        },
    )
    scripted = regions_by_local_name(index_project(paths, script_all_modules=True))
    assert scripted["proj.buffer.BufferIO.__init__"] == {"script"}
    assert scripted["proj.buffer.BufferIO.step"] == {"script"}
    assert "proj.buffer.Pair.total" not in scripted  # a NamedTuple: no TorchScript class
    assert "proj.buffer.Legacy.reset" not in scripted  # named by a method never compiled
    default = regions_by_local_name(index_project(paths))
    assert not any(name.startswith("proj.buffer.") for name in default)


TIMER = """
    import time

    class Timer:
        def __init__(self, stats, name):
            self.stats = stats
            self.name = name

        def __enter__(self):
            self.start = time.perf_counter()
            return self

        def __exit__(self, *exc):
            self.stats[self.name] = time.perf_counter() - self.start
            return False

    class Lap(Timer):
        def __init__(self):
            self.laps = 0

        def __enter__(self):
            self.laps += 1
"""


def test_a_with_item_in_graph_code_reaches_its_context_manager(tmp_path):
    # probe b5_timer_context: `with Timer(...):` in forward runs Timer.__init__, __enter__ and
    # __exit__; Dynamo inlines them and TorchScript compiles the class (trace and export run
    # them as Python: not graph code for them). A `with` in driver code reaches nothing.
    model = """
        import torch
        from torch import nn
        {import_line}

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.stats = {{}}
                self.timer = Lap()

            def forward(self, x):
                with Timer(self.stats, "fc") as t:
                    y = x * 2
                with self.timer:
                    y = y + 1
                return y

        def evaluate(model, x):
            with Other({{}}, "eval"):
                return model(x)

        class Other:
            def __init__(self, stats, name):
                pass

            def __enter__(self):
                return self

            def __exit__(self, *exc):
                return False
    """
    same = write_project(
        tmp_path / "same",
        {"model.py": textwrap.dedent(TIMER) + textwrap.dedent(model.format(import_line=""))},
    )
    imported = write_project(
        tmp_path / "imported",
        {
            "proj/__init__.py": "",
            "proj/timing.py": TIMER,
            "proj/model.py": model.format(import_line="from proj.timing import Timer, Lap"),
        },
    )
    compile_only = frozenset({"compile"})
    for paths, timing, module in (
        (same, "model", "model"),
        (imported, "proj.timing", "proj.model"),
    ):
        regions = regions_by_local_name(index_project(paths))
        assert regions[f"{module}.Net.forward"] == DEFAULT
        for method in ("__init__", "__enter__", "__exit__"):
            assert regions[f"{timing}.Timer.{method}"] == compile_only, (module, method)
        # `with self.timer:` runs Lap's __enter__ and the __exit__ it inherits, not __init__.
        assert regions[f"{timing}.Lap.__enter__"] == compile_only
        assert f"{timing}.Lap.__init__" not in regions
        assert f"{module}.evaluate" not in regions
        assert not any(name.startswith(f"{module}.Other") for name in regions)
        scripted = regions_by_local_name(index_project(paths, script_all_modules=True))
        assert scripted[f"{timing}.Timer.__enter__"] == frozenset({"compile", "script"})
        found = lint_files([str(p) for p in paths.values()])
        clocks = sorted(
            (Path(r.path).name, d.line) for r in found for d in r.diagnostics if d.code == "TL304"
        )
        name = "model.py" if module == "model" else "timing.py"
        assert clocks == [(name, 9), (name, 13)], clocks


def test_context_manager_regions_warm_equal_cold(tmp_path):
    # The edge from a `with` item is in the summary: a warm run, and one after the file with
    # the `with` changes (the Timer file's regions with it), equal cold runs.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/timing.py": TIMER,
            "proj/model.py": """
                import torch
                from torch import nn
                from proj.timing import Timer

                class Net(nn.Module):
                    def forward(self, x):
                        with Timer({}, "fc"):
                            y = x * 2
                        return y
            """,
        },
    )
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")

    def view(results):
        return sorted(
            (Path(r.path).name, d.line, d.code, tuple(d.targets))
            for r in results
            for d in r.diagnostics
        )

    cold = view(lint_files(files))
    assert ("timing.py", 9, "TL304") in {entry[:3] for entry in cold}
    assert view(lint_files(files, cache_dir=cache)) == cold
    assert view(lint_files(files, cache_dir=cache)) == cold
    model = paths["proj/model.py"]
    model.write_text(model.read_text().replace('with Timer({}, "fc"):', "if True:"))
    edited = view(lint_files(files))
    assert not any(entry[0] == "timing.py" for entry in edited)
    assert view(lint_files(files, cache_dir=cache)) == edited


GUARDED_HELPERS = """
    def trace_only(x):
        return deeper(x)

    def deeper(x):
        return x

    def both(x):
        return x

    def else_branch(x):
        return x

    def after_return(x):
        return x

    def scripted(x):
        return x

    def trace_either(x):
        return x

    def conditional(x):
        return x

    def nested(x):
        return x

    def wrapped(x):
        return x
"""


def test_a_call_under_a_guard_reaches_its_callee_for_the_backends_the_guard_leaves(tmp_path):
    # probe b6_is_scripting_guard: forward calls a helper only under `if not
    # (torch.jit.is_scripting() or torch.compiler.is_compiling()):`; compile and export skip
    # the call, so the helper is graph code for trace alone. The call edge carries the guards
    # around it, read as the lint context reads a function's own branches.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/helpers.py": GUARDED_HELPERS,
            "proj/checks.py": """
                import torch

                def is_tracing():
                    return torch.jit.is_tracing()
            """,
            "proj/model.py": """
                import torch
                from torch import nn
                from proj import helpers
                from proj.checks import is_tracing

                class Net(nn.Module):
                    def forward(self, x):
                        if not torch.compiler.is_compiling():
                            x = helpers.trace_only(x)
                            x = helpers.both(x)
                            if not torch.jit.is_tracing():
                                x = helpers.nested(x)
                        x = helpers.both(x)
                        if torch.jit.is_tracing():
                            pass
                        else:
                            x = helpers.else_branch(x)
                        if not (torch.jit.is_scripting() or torch.compiler.is_compiling()):
                            x = helpers.trace_either(x)
                        x = helpers.conditional(x) if is_tracing() else x
                        if is_tracing():
                            x = helpers.wrapped(x)
                        if torch.jit.is_scripting():
                            return helpers.scripted(x)
                        return helpers.after_return(x)
            """,
        },
    )
    trace = frozenset({"trace"})
    regions = regions_by_local_name(index_project(paths))
    assert regions["proj.model.Net.forward"] == DEFAULT
    assert regions["proj.helpers.trace_only"] == trace
    assert regions["proj.helpers.deeper"] == trace  # and what the helper calls
    assert regions["proj.helpers.both"] == DEFAULT  # an unguarded call too: every back-end
    assert regions["proj.helpers.else_branch"] == frozenset({"compile", "export"})
    assert regions["proj.helpers.trace_either"] == trace
    assert regions["proj.helpers.conditional"] == trace  # a project wrapper, in a ternary
    assert regions["proj.helpers.wrapped"] == trace
    assert regions["proj.helpers.after_return"] == DEFAULT
    assert "proj.helpers.nested" not in regions  # script alone would reach it
    assert "proj.helpers.scripted" not in regions
    scripted = regions_by_local_name(index_project(paths, script_all_modules=True))
    assert scripted["proj.helpers.trace_only"] == frozenset({"trace", "script"})
    assert scripted["proj.helpers.nested"] == frozenset({"script"})
    assert scripted["proj.helpers.scripted"] == frozenset({"script"})
    # `if torch.jit.is_scripting(): return ...` takes script out of the rest of the block.
    assert scripted["proj.helpers.after_return"] == DEFAULT
    assert scripted["proj.helpers.trace_either"] == trace
    # TorchScript compiles both branches of any test but is_scripting().
    assert scripted["proj.helpers.else_branch"] == frozenset({"compile", "export", "script"})


def test_a_with_item_under_a_guard_reaches_its_context_manager_for_what_both_leave(tmp_path):
    paths = write_project(
        tmp_path,
        {
            "model.py": textwrap.dedent(TIMER)
            + textwrap.dedent(
                """
                import torch
                from torch import nn

                class Net(nn.Module):
                    def forward(self, x):
                        if not torch.compiler.is_compiling():
                            with Timer({}, "fc"):
                                x = x * 2
                        return x
                """
            ),
        },
    )
    assert not any(".Timer." in name for name in regions_by_local_name(index_project(paths)))
    scripted = regions_by_local_name(index_project(paths, script_all_modules=True))
    assert scripted["model.Timer.__enter__"] == frozenset({"script"})


def test_guarded_call_regions_warm_equal_cold(tmp_path):
    # The guards are in the summary (without positions): a warm run, and one after the guard
    # changes, equal cold runs.
    paths = write_project(
        tmp_path,
        {
            "proj/__init__.py": "",
            "proj/ops.py": """
                def trim(x, lengths):
                    longest = int(lengths.max())
                    return x[:, :longest]
            """,
            "proj/model.py": """
                import torch
                from torch import nn
                from proj.ops import trim

                class Net(nn.Module):
                    def forward(self, x, lengths):
                        if not (torch.jit.is_scripting() or torch.compiler.is_compiling()):
                            x = trim(x, lengths)
                        return x
            """,
        },
    )
    files = [str(p) for p in paths.values()]
    cache = str(tmp_path / "cache")

    def view(results):
        return sorted(
            (Path(r.path).name, d.line, d.code, tuple(sorted(d.targets)))
            for r in results
            for d in r.diagnostics
        )

    cold = view(lint_files(files))
    assert ("ops.py", 2, "TL102", ("trace",)) in cold
    assert view(lint_files(files, cache_dir=cache)) == cold
    assert view(lint_files(files, cache_dir=cache)) == cold
    model = paths["proj/model.py"]
    model.write_text(
        model.read_text().replace(
            "if not (torch.jit.is_scripting() or torch.compiler.is_compiling()):",
            "if not torch.jit.is_scripting():",
        )
    )
    edited = view(lint_files(files))
    assert ("ops.py", 2, "TL102", ("compile", "export", "trace")) in edited
    assert view(lint_files(files, cache_dir=cache)) == edited
    # The early-return form: the call after `if torch.compiler.is_compiling(): return x`.
    model.write_text(
        model.read_text().replace(
            "if not torch.jit.is_scripting():\n",
            "if torch.compiler.is_compiling():\n            return x\n        if True:\n",
        )
    )
    returned = view(lint_files(files))
    assert ("ops.py", 2, "TL102", ("trace",)) in returned
    assert view(lint_files(files, cache_dir=cache)) == returned


def test_an_object_made_by_a_default_or_bound_to_a_local_first_is_reached(tmp_path):
    # lie-transformer: `self.group = default(group, SE3())` and `group = SE3(); self.group = group`.
    paths = write_project(
        tmp_path,
        {
            "model.py": """
                from torch import nn

                def default(val, d):
                    return val if val is not None else d

                class Group:
                    def distance(self, x):
                        return x.norm(dim=-1)

                    def lift(self, x):
                        return x * 2

                    def unused(self):
                        return 0

                class Other:
                    def scale(self, x):
                        return x

                class Layer(nn.Module):
                    def __init__(self, group=None, other=None):
                        super().__init__()
                        self.group = default(group, Group())
                        self.other = other or Other()

                    def forward(self, x):
                        return self.other.scale(self.group.distance(x))

                class Net(nn.Module):
                    def __init__(self):
                        super().__init__()
                        group = Group()
                        self.group = group
                        self.layer = Layer(group=group)

                    def forward(self, x):
                        return self.layer(self.group.lift(x))
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["model.Group.distance"] == DEFAULT
    assert regions["model.Group.lift"] == DEFAULT
    assert regions["model.Other.scale"] == DEFAULT
    assert "model.Group.unused" not in regions


def test_entries_of_nested_dicts_of_callables_are_reached_with_argument_kinds(tmp_path):
    # geomloss: `routines[self.loss][backend](x, y, ...)`, entries also `partial(f, name=...)`.
    paths = write_project(
        tmp_path,
        {
            "model.py": """
                from functools import partial
                import torch
                from torch import nn

                def tensorized(x, name="energy"):
                    return x.norm().item() * x

                def online(x):
                    return x

                def unused(x):
                    return x

                ROUTINES = {
                    "sinkhorn": {"tensorized": tensorized, "online": online},
                    "energy": {"tensorized": partial(tensorized, name="energy")},
                }

                class Loss(nn.Module):
                    def __init__(self, loss="sinkhorn", backend="online"):
                        super().__init__()
                        self.loss, self.backend = loss, backend

                    def forward(self, x):
                        return ROUTINES[self.loss][self.backend](x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["model.tensorized"] == DEFAULT
    assert regions["model.online"] == DEFAULT
    assert "model.unused" not in regions
    # The argument's kind reaches the entry: `.item()` of a tensor there is a finding.
    results = lint_files([str(paths["model.py"])])
    assert [(d.line, d.code) for r in results for d in r.diagnostics if d.code == "TL103"] == [
        (6, "TL103")
    ]


def test_functions_a_factory_returns_from_a_registry_are_reached(tmp_path):
    # torchdeq: `self.f_solver = get_solver(key)` with `return _solvers[key]`.
    paths = write_project(
        tmp_path,
        {
            "solvers.py": """
                def anderson(f, x):
                    return f(x)

                def broyden(f, x):
                    return f(f(x))

                def picard(f, x):
                    return f(x)

                def unrelated(x):
                    return x

                _solvers = {"anderson": anderson, "broyden": broyden}
                _backward = {"picard": picard}

                def get_solver(key):
                    assert key in _solvers
                    return _solvers[key]

                def get_backward(key):
                    return _backward.get(key, picard)
            """,
            "model.py": """
                from torch import nn
                from solvers import get_backward, get_solver

                class DEQ(nn.Module):
                    def __init__(self, key="anderson"):
                        super().__init__()
                        self.f_solver = get_solver(key)
                        self.f = nn.Linear(4, 4)

                    def forward(self, x):
                        z = self.f_solver(self.f, x)
                        backward = get_backward("picard")  # a local the factory binds
                        return backward(self.f, z)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["solvers.anderson"] == DEFAULT
    assert regions["solvers.broyden"] == DEFAULT
    assert regions["solvers.picard"] == DEFAULT
    assert "solvers.unrelated" not in regions


def test_an_object_made_in_forward_runs_its_constructor_and_the_methods_called_on_it(tmp_path):
    # torch-struct style: a distribution object built in forward, its lazy property read.
    paths = write_project(
        tmp_path,
        {
            "structs/__init__.py": "from .dist import *\n",
            "structs/dist.py": """
                from functools import cached_property

                import torch
                from torch.distributions.utils import lazy_property

                class Base:
                    def __init__(self, scores, lengths=None):
                        self.scores = scores
                        self.lengths = lengths

                class Chain(Base):
                    @lazy_property
                    def partition(self):
                        return self.scores.logsumexp(-1)

                    @cached_property
                    def best(self):
                        return self.scores.amax(-1)

                    def sample(self):
                        return torch.randn_like(self.scores)

                    def unused(self):
                        return 1

                    @property
                    def never_read(self):
                        return 2

                class Config:
                    def __post_init__(self):
                        self.size = 4

                class _Hidden:
                    pass
            """,
            "model.py": """
                from torch import nn
                from structs import Chain, Config

                class Model(nn.Module):
                    def forward(self, x, lengths):
                        Config()
                        dist = Chain(x, lengths=lengths)
                        return dist.partition + dist.best + dist.sample()
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    for reached in (
        "Base.__init__",
        "Chain.partition",
        "Chain.best",
        "Chain.sample",
        "Config.__post_init__",
    ):
        assert regions[f"structs.dist.{reached}"] >= DEFAULT, reached
    assert "structs.dist.Chain.unused" not in regions
    assert "structs.dist.Chain.never_read" not in regions


def test_a_local_rebound_to_no_instance_or_a_module_built_in_forward_reaches_no_constructor(
    tmp_path,
):
    paths = write_project(
        tmp_path,
        {
            "model.py": """
                from torch import nn

                class Helper:
                    def __init__(self):
                        self.n = 1

                    def run(self):
                        return 1

                class Block(nn.Module):
                    def __init__(self):
                        super().__init__()
                        self.fc = nn.Linear(2, 2)

                    def forward(self, x):
                        return self.fc(x)

                class Model(nn.Module):
                    def forward(self, x):
                        helper = Helper
                        helper = x
                        helper.run()
                        return Block()(x)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert "model.Helper.run" not in regions
    assert "model.Block.__init__" not in regions


def test_a_function_held_on_self_by_a_parameter_default_or_a_bound_method_is_reached(tmp_path):
    """`self.interp = interp` with `interp=linear_interp` holds the default (dc1d's deformable
    convolution); `self.op = self._concatenation` holds the method (an attention U-Net's
    gate): a call of the attribute runs them."""
    paths = write_project(
        tmp_path,
        {
            "ops.py": """
                import torch

                def linear_interp(x, n):
                    return torch.nn.functional.interpolate(x, size=n)

                def unused(x, n):
                    return x
            """,
            "layers.py": """
                from torch import nn

                from ops import linear_interp

                class Deform(nn.Module):
                    def __init__(self, interp=linear_interp, mode="concat"):
                        super().__init__()
                        self.interp = interp
                        if mode == "concat":
                            self.op = self._concatenation

                    def _concatenation(self, x):
                        return x * 2

                    def _unused(self, x):
                        return x

                    def forward(self, x):
                        return self.op(self.interp(x, 8))
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["ops.linear_interp"] >= DEFAULT
    assert regions["layers.Deform._concatenation"] >= DEFAULT
    assert "ops.unused" not in regions
    assert "layers.Deform._unused" not in regions


def test_methods_of_an_object_made_from_a_dict_of_classes_are_reached(tmp_path):
    """`solver = SOLVERS[method](func, y0); solver.integrate(t)` (torchdiffeq's odeint): the
    method of every class in the dict runs."""
    paths = write_project(
        tmp_path,
        {
            "ode.py": """
                import torch
                from torch import nn

                class Euler:
                    def __init__(self, func, y0):
                        self.func, self.y0 = func, y0

                    def integrate(self, t):
                        return self.y0 + self.func(t)

                    def unused(self):
                        return 0

                class Midpoint(Euler):
                    def integrate(self, t):
                        return self.y0 + 2 * self.func(t)

                SOLVERS = {"euler": Euler, "midpoint": Midpoint}

                def odeint(func, y0, t, method="euler"):
                    solver = SOLVERS[method](func, y0)
                    return solver.integrate(t)

                class Model(nn.Module):
                    def forward(self, y0, t):
                        return odeint(torch.tanh, y0, t)
            """
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["ode.Euler.integrate"] >= DEFAULT
    assert regions["ode.Midpoint.integrate"] >= DEFAULT
    assert "ode.Euler.unused" not in regions


def test_properties_of_an_object_a_factory_function_returns_are_reached(tmp_path):
    # torchflows: `self.coupling = make_coupling(...)`, which returns `HalfSplit(...)`; forward
    # reads `self.coupling.constant_shape`, a property whose getter reads the data.
    paths = write_project(
        tmp_path,
        {
            "masks.py": """
                import torch

                class Coupling:
                    def __init__(self, mask):
                        self.mask = mask

                    @property
                    def kept(self):
                        return int(torch.sum(self.mask))

                    @property
                    def unread(self):
                        return int(torch.sum(~self.mask))

                class HalfSplit(Coupling):
                    def __init__(self, n):
                        super().__init__(torch.arange(n) < n // 2)

                def make_coupling(n, kind="half"):
                    if kind == "half":
                        return HalfSplit(n)
                    raise ValueError(kind)
            """,
            "model.py": """
                from torch import nn
                from masks import make_coupling

                class Flow(nn.Module):
                    def __init__(self, coupling=None):
                        super().__init__()
                        if coupling is None:
                            coupling = make_coupling(4)
                        self.coupling = coupling

                    def forward(self, x):
                        return x[..., self.coupling.mask].view(-1, self.coupling.kept)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["masks.Coupling.kept"] == DEFAULT
    assert "masks.Coupling.unread" not in regions
    results = lint_files([str(p) for p in paths.values()])
    found = {(Path(r.path).name, d.line, d.code) for r in results for d in r.diagnostics}
    assert ("masks.py", 9, "TL102") in found


def test_the_public_functions_of_a_library_without_modules_are_graph_code(tmp_path):
    # roma, torch-struct, dsntnn: packages of tensor functions that models call in forward;
    # no forward of theirs tells what is graph code, their public API does.
    paths = write_project(
        tmp_path,
        {
            "rotlib/__init__.py": "from .maps import to_matrix\n",
            "rotlib/maps.py": """
                import torch

                def to_matrix(q):
                    assert q.shape[-1] == 4, "quaternions"
                    return _matrix(q / q.norm(dim=-1, keepdim=True))

                def compose(sequence):
                    assert len(sequence) > 1
                    out = sequence[0]
                    for q in sequence[1:]:
                        out = out * q
                    return out

                def _matrix(q):
                    return torch.stack([q, q], -1)

                def _unused(q):
                    return q.sum()
            """,
            "rotlib/tests/test_maps.py": """
                import torch
                from rotlib import to_matrix

                def test_shape():
                    print(to_matrix(torch.ones(4)).item())
            """,
            "netlib/__init__.py": "",
            "netlib/layers.py": """
                import torch
                from torch import nn

                def helper(x):
                    return x.sum().item()

                class Net(nn.Module):
                    def forward(self, x):
                        return x * 2
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["rotlib.maps.to_matrix"] == DEFAULT
    assert regions["rotlib.maps._matrix"] == DEFAULT  # reached from the API
    assert "rotlib.maps._unused" not in regions
    assert "rotlib.tests.test_maps.test_shape" not in regions
    assert "netlib.layers.helper" not in regions  # a package with modules: forwards tell
    results = lint_files([str(p) for p in paths.values()])
    found = {(Path(r.path).name, d.line, d.code) for r in results for d in r.diagnostics}
    # `q` is used as a tensor (`q.norm(...)`), so its size check is one; `sequence` is
    # indexed and iterated only, which lists are too: nothing says it is a tensor.
    assert ("maps.py", 4, "TL109") in found
    assert not {f for f in found if f[0] == "maps.py" and f[1] in (8, 10)}


def test_a_library_importing_itself_by_name_is_still_a_library(tmp_path):
    # roma's modules `import roma` to call each other: no user of the package.
    paths = write_project(
        tmp_path,
        {
            "rotlib/__init__.py": "from .maps import to_matrix\n",
            "rotlib/maps.py": """
                import torch
                import rotlib

                def to_matrix(q):
                    return rotlib.maps.norm(q)

                def norm(q):
                    return q / q.norm(dim=-1, keepdim=True)
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["rotlib.maps.to_matrix"] == DEFAULT


def test_a_library_whose_only_module_inherits_its_forward_is_still_a_library(tmp_path):
    # torch-dct: functions in a private module, re-exported by `__init__`, beside a module
    # class that only builds its weight (`LinearDCT(nn.Linear)` runs torch's forward, which
    # calls none of the package's functions).
    paths = write_project(
        tmp_path,
        {
            "dctlib/__init__.py": "from ._dct import dct, LinearDCT\n",
            "dctlib/_dct.py": """
                import numpy as np
                import torch
                from torch import nn

                def dct(x, norm=None):
                    n = x.shape[-1]
                    v = torch.fft.fft(x, dim=-1).real
                    if norm == "ortho":
                        v = v / np.sqrt(n)
                    return v

                def unexported(x):
                    return x.sum().item()

                class LinearDCT(nn.Linear):
                    def __init__(self, n):
                        super().__init__(n, n, bias=False)
                        self.weight.data = dct(torch.eye(n)).t()
            """,
            "netlib/__init__.py": "from ._layers import helper\n",
            "netlib/_layers.py": """
                import torch
                from torch import nn

                def helper(x):
                    return x.sum().item()

                class Net(nn.Module):
                    def forward(self, x):
                        return x * 2
            """,
        },
    )
    regions = regions_by_local_name(index_project(paths))
    assert regions["dctlib._dct.dct"] == DEFAULT  # re-exported from a private module
    assert "dctlib._dct.unexported" not in regions
    assert "netlib._layers.helper" not in regions  # a forward of its own: it tells
