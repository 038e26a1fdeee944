from typing import List, Union

import torch
import torch.nn as nn


class FusionHead(nn.Module):
    def __init__(self, in_dims=(4, 6), out=5):
        super().__init__()
        self.fc = nn.Linear(sum(in_dims), out)

    def forward(self, feats: Union[torch.Tensor, List[torch.Tensor]]):
        if isinstance(feats, (list, tuple)):
            feats = torch.cat(list(feats), dim=-1)
        return self.fc(feats)


Model = FusionHead


def inputs():
    torch.manual_seed(341)
    return [((torch.randn(2, 4), torch.randn(2, 6)),), ((torch.randn(2, 4) * 3, torch.randn(2, 6) - 1),)]
