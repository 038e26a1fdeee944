import numpy as np
import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    p95 = np.percentile(h.detach().numpy(), 95)  # breaks: export,trace
    return h.clamp(max=float(p95))  # breaks: compile
