import torch
from torch import nn


def model_forward(self, x):
    key = self.k(x)
    if "prev" in self.cache:
        key = key + self.cache["prev"][: key.shape[0]]
    self.cache["prev"] = key.detach()
    return key
