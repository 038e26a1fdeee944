import torch
from torch import nn


def model_forward(self, x):
    h = self.fc2(self.drop(torch.nn.functional.gelu(self.fc1(self.norm(x)))))
    return x + h
