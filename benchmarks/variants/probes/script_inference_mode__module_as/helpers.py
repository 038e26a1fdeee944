import torch
from torch import nn


def model_forward(self, x):
    with torch.inference_mode():
        stats = x.mean(0, keepdim=True)
    return self.lin(x - stats)
