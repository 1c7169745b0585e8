import { html, type Html } from './html.ts';
import { steps, type OnboardingState, type StepKey } from '../routes/onboarding-state.ts';

/** The onboarding progress: each step done, current or to do, as links, said in words and not by colour alone. */
export function stepList(state: OnboardingState, current: StepKey | undefined): Html {
  return html`<ol class="steps" aria-label="Pasos de la configuración" data-live-part="steps">
  ${steps.map((step) => {
    const done = state.done[step.key];
    const here = step.key === current;
    return html`<li class="${here ? 'current' : done ? 'done' : ''}"><a href="${step.path}"${here ? html` aria-current="step"` : ''}>${done ? html`<span aria-hidden="true">✓ </span>` : ''}${step.label}${here ? html`<span class="tag"> (paso actual)</span>` : done ? html`<span class="visually-hidden"> (hecho)</span>` : ''}</a></li>`;
  })}
</ol>`;
}
