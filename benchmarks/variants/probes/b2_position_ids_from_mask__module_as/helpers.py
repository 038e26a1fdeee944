import torch
from torch import nn


def model_forward(self, hidden, attention_mask):
    position_ids = attention_mask.long().cumsum(-1) - 1
    position_ids = position_ids.masked_fill(attention_mask == 0, 1)
    return hidden + self.pos(position_ids)
