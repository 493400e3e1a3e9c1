import { appointmentSchedulingPage } from '@/content/pages/services/appointment-scheduling';
import { pageMetadata } from '@/components/seo/page-metadata';
import { ServicePage } from '@/components/sections/service-page';

export const metadata = pageMetadata('/appointment-scheduling');

export default function AppointmentSchedulingPage() {
  return <ServicePage path="/appointment-scheduling" content={appointmentSchedulingPage} />;
}
