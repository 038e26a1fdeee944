import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, y):
    pred = self.head(x).squeeze(-1)
    loss = F.mse_loss(pred, y)
    if torch.isnan(loss):  # breaks: compile,export,trace
        loss = torch.zeros_like(loss)
    return loss
