# ruff: noqa  (a probe is written as users write models)
from typing import Dict, List

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class AttnNetGated(nn.Module):
    def __init__(self, L: int = 16, D: int = 8, dropout: bool = False, n_classes: int = 1):
        super().__init__()
        self.attention_a = nn.Sequential(nn.Linear(L, D), nn.Tanh(), *([nn.Dropout(0.25)] if dropout else []))
        self.attention_b = nn.Sequential(nn.Linear(L, D), nn.Sigmoid(), *([nn.Dropout(0.25)] if dropout else []))
        self.attention_c = nn.Linear(D, n_classes)

    def forward(self, x: Tensor):
        return self.attention_c(self.attention_a(x).mul(self.attention_b(x))), x


class CLAM_SB(nn.Module):
    def __init__(self, in_dim: int = 24, k_sample: int = 3, n_classes: int = 2, subtyping: bool = False):
        super().__init__()
        self.fc = nn.Sequential(nn.Linear(in_dim, 16), nn.ReLU())
        self.attention_net = AttnNetGated(16, 8)
        self.classifiers = nn.Linear(16, n_classes)
        self.instance_classifiers = nn.ModuleList([nn.Linear(16, 2) for _ in range(n_classes)])
        self.k_sample, self.n_classes, self.subtyping = k_sample, n_classes, subtyping

    def inst_eval(self, A: Tensor, h: Tensor, classifier: nn.Module):
        top_p_ids = torch.topk(A, self.k_sample)[1][-1]
        top_n_ids = torch.topk(-A, self.k_sample, dim=1)[1][-1]
        instances = torch.cat([h[top_p_ids], h[top_n_ids]], dim=0)
        targets = torch.cat([torch.ones(self.k_sample, dtype=torch.long), torch.zeros(self.k_sample, dtype=torch.long)])
        logits = classifier(instances)
        return F.cross_entropy(logits, targets), torch.topk(logits, 1, dim=1)[1].squeeze(1)

    def forward(self, h: Tensor, label: Tensor, instance_eval: bool = True) -> Dict[str, Tensor]:
        A, h = self.attention_net(self.fc(h))
        A = F.softmax(torch.transpose(A, 1, 0), dim=1)
        total_inst_loss = h.new_zeros(())
        if instance_eval:
            inst_labels = F.one_hot(label, num_classes=self.n_classes).squeeze()
            for i in range(len(self.instance_classifiers)):
                inst_label = inst_labels[i].item()
                if inst_label == 1:  # breaks: compile,export
                    instance_loss, _ = self.inst_eval(A, h, self.instance_classifiers[i])
                    total_inst_loss = total_inst_loss + instance_loss
            if self.subtyping:
                total_inst_loss = total_inst_loss / len(self.instance_classifiers)
        M = torch.mm(A, h)
        logits = self.classifiers(M)
        return {"logits": logits, "Y_prob": F.softmax(logits, dim=1), "instance_loss": total_inst_loss}


Model = CLAM_SB


def inputs():
    torch.manual_seed(5031)
    return [
        (torch.randn(10, 24), torch.tensor([1])),
        (torch.randn(12, 24), torch.tensor([0])),
    ]
