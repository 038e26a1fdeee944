import torch
from torch import nn

STEP = 0


def model_forward(self, x):
    global STEP
    STEP += 1  # breaks: compile,export,trace
    warmup = min(1.0, STEP / 10)
    return self.fc(x) * warmup
