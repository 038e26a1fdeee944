from typing import Dict

import torch
from torch import nn


def model_forward(self, x) -> Dict[str, torch.Tensor]:
    y = self.fc(x)
    return {"out": y, "mean": y.mean(), "max": y.amax()}
