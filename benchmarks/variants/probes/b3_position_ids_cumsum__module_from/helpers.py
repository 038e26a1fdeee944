import torch
from torch import nn


def model_forward(self, input_ids):
    mask = input_ids.ne(self.pad_id).int()
    position_ids = torch.cumsum(mask, dim=1) * mask
    return self.tok(input_ids) + self.pos(position_ids.long())
