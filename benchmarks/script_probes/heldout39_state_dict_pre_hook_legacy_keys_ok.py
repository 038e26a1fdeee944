# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def _rename_legacy_keys(module, state_dict, prefix, local_metadata, strict, missing, unexpected, errors):
    old = prefix + "linear.weight"
    if old in state_dict:
        state_dict[prefix + "fc.weight"] = state_dict.pop(old)


class ClassifierHead(nn.Module):
    """Head that still loads checkpoints saved when its layer was called 'linear'."""

    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self._register_load_state_dict_pre_hook(_rename_legacy_keys, with_module=True)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(x).log_softmax(-1)


Model = ClassifierHead


def inputs():
    torch.manual_seed(3921)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
