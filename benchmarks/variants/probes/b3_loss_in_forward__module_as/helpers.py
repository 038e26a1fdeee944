from typing import Optional

import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, targets: Optional[torch.Tensor] = None):
    logits = self.head(x)
    if targets is None:
        return logits
    loss = F.cross_entropy(
        logits.view(-1, logits.size(-1)),
        targets.view(-1),
        ignore_index=-100,
        label_smoothing=self.label_smoothing,
    )
    return logits, loss
