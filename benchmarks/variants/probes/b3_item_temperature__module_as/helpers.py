import torch
from torch import nn


def model_forward(self, x):
    temp = self.log_temp.exp().item()  # breaks: compile
    logits = self.fc(x) / temp
    return logits.softmax(-1)
