# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FirstEosPosition(nn.Module):
    """NLP: position of the first EOS per row; rows without EOS get a sentinel from torch.iinfo(ids.dtype).max."""

    def __init__(self, eos_id: int = 2):
        super().__init__()
        self.eos_id = eos_id

    def forward(self, ids):
        pos = torch.arange(ids.shape[1], device=ids.device).expand_as(ids)
        big = torch.iinfo(ids.dtype).max
        first = torch.where(ids == self.eos_id, pos, torch.full_like(pos, big)).amin(1)
        return first.clamp(max=ids.shape[1])


Model = FirstEosPosition


def inputs():
    torch.manual_seed(5523)
    return [(torch.randint(0, 5, (3, 6)),), (torch.randint(0, 5, (4, 9)),)]
