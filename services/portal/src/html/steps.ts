import { html, type Html } from './html.ts';
import { steps, type OnboardingState, type StepKey } from '../routes/onboarding-state.ts';

/** The onboarding progress: each step done, current or to do, as links. */
export function stepList(state: OnboardingState, current: StepKey | undefined): Html {
  return html`<ol class="steps" aria-label="Pasos de la configuración">
  ${steps.map((step) => html`<li class="${state.done[step.key] ? 'done' : step.key === current ? 'current' : ''}"><a href="${step.path}">${state.done[step.key] ? '✓ ' : ''}${step.label}</a></li>`)}
</ol>`;
}
